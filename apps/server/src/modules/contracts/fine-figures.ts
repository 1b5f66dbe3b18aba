import type { Connection } from '../../db/client';
import type { Period, PeriodKind } from './periods';
import type { TeamFiguresSource } from './settlement.service';
import { emptyFigures, type TeamFigures } from './settlement-math';

/** Every zone's offset is a whole number of 5 minutes: a slot is the same instant range everywhere. */
export const SLOT_MS = 5 * 60_000;

/**
 * Slots are summed in pieces of this length, each one statement: on PGlite a statement holds the
 * only connection, so a piece must stay short even in a busy slot (30,000 rounds a slot: ~30 ms).
 */
export const PIECE_MS = 10_000;
const slotOf = (instant: Date) => new Date(Math.floor(instant.getTime() / SLOT_MS) * SLOT_MS);

/** Periods whose team figures a run keeps in memory at most. */
const MAX_PERIODS_KEPT = 64;

type SlotSums = {
  valid_turnover: bigint;
  active_members: number;
  net_loss: bigint;
  bets: bigint;
  wins: bigint;
  bet_count: number;
  won_turnover: bigint;
  lost_turnover: bigint;
};

/**
 * Hourly and real-time (5-minute) team figures, from the per-member slot sums of migration 0028;
 * every other period kind is the daily rollups' (`daily`). A slot is summed once, from the seamless
 * wallet's transactions made in it, by the first settlement that needs it once no transaction that
 * started before the slot's end is still open (slotsFinal): a late commit delays the slot, never
 * loses its bets; until then the period's figures are null and the settlement tries again later.
 *
 * Figures of a period (DECISIONS "active member": valid turnover reaches the contract's minimum bet):
 * - hour: the team's valid turnover, bets, wins, active members, net loss (valid turnover − wins);
 * - 5 minutes: the same, plus won / lost turnover (live bets whose round closed above / below its
 *   stake) and single-bet turnover (live bets of at least the minimum bet amount).
 * The team is every member below the agent (member_tree, depth > 0) when the period settles.
 */
export class FineFiguresSource implements TeamFiguresSource {
  constructor(
    private readonly db: Connection,
    private readonly daily: TeamFiguresSource,
  ) {}

  supports(kind: PeriodKind): boolean {
    return kind === 'hour' || kind === '5min' || this.daily.supports(kind);
  }

  /** Team figures per agent for one period and minimum bet, computed once per run (see figures). */
  private readonly teams = new Map<string, Promise<Map<string, TeamFigures>>>();

  /** A run starts: team figures are read afresh (the tree may have changed since the last run). */
  beginRun(): void {
    this.teams.clear();
  }

  /**
   * One agent's figures. A run settles every contract of the period one after the other, so the
   * first asks for every agent's team at once (one pass over the period's member rows, joined to
   * their ancestors) and the others find theirs in memory: 2,000 contracts cost one query, not
   * 2,000 joins of the whole slot. Agents without play in the period get zeros.
   */
  async figures(
    agentId: bigint,
    period: Period,
    minBetAmount: number,
    timeZone: string,
  ): Promise<TeamFigures | null> {
    if (period.kind !== 'hour' && period.kind !== '5min')
      return this.daily.figures(agentId, period, minBetAmount, timeZone);
    if (!(await this.slotsFinal(period))) return null;
    const key = `${period.kind}|${period.start.getTime()}|${minBetAmount}`;
    let teams = this.teams.get(key);
    if (!teams) {
      teams = this.teamFigures(period, minBetAmount);
      // Bounded: a catch-up over many periods keeps the latest ones (each contract walks its periods
      // in order, so the others' next ones are among them); a period pushed out is read again.
      if (this.teams.size >= MAX_PERIODS_KEPT) this.teams.delete(this.teams.keys().next().value as string);
      this.teams.set(key, teams);
      teams.catch(() => this.teams.delete(key));
    }
    return (await teams).get(agentId.toString()) ?? { ...emptyFigures(), bets: 0n, wins: 0n, betCount: 0 };
  }

  private async teamFigures(period: Period, minBetAmount: number): Promise<Map<string, TeamFigures>> {
    await this.sumSlots(period.start, period.end);
    const realtime = period.kind === '5min';
    if (realtime) await this.sumSingles(period.start, minBetAmount);
    const rows = await this.db.query<SlotSums & { agent_id: bigint }>(
      `select t.ancestor_id as agent_id,
              sum(vt)::bigint as valid_turnover,
              (count(*) filter (where vt > 0 and vt >= $3))::int as active_members,
              sum(vt - w)::bigint as net_loss,
              sum(b)::bigint as bets,
              sum(w)::bigint as wins,
              sum(n)::int as bet_count,
              sum(won)::bigint as won_turnover,
              sum(lost)::bigint as lost_turnover
         from (select s.member_id, sum(s.valid_turnover) as vt, sum(s.wins) as w, sum(s.bets) as b,
                      sum(s.bet_count) as n, sum(s.won_turnover) as won, sum(s.lost_turnover) as lost
                 from contract_fine_slots s
                where s.slot_start >= $1 and s.slot_start < $2
                group by s.member_id) per_member
         join member_tree t on t.member_id = per_member.member_id and t.depth > 0
        group by t.ancestor_id`,
      [period.start, period.end, minBetAmount],
    );
    const singles = new Map<string, bigint>();
    if (realtime)
      for (const row of await this.db.query<{ agent_id: bigint; turnover: bigint }>(
        `select t.ancestor_id as agent_id, sum(g.turnover)::bigint as turnover
           from contract_fine_singles g
           join member_tree t on t.member_id = g.member_id and t.depth > 0
          where g.slot_start = $1 and g.min_bet = $2
          group by t.ancestor_id`,
        [period.start, minBetAmount],
      ))
        singles.set(row.agent_id.toString(), BigInt(row.turnover));
    return new Map(
      rows.map((sums) => [
        sums.agent_id.toString(),
        {
          validTurnover: BigInt(sums.valid_turnover),
          activeMembers: Number(sums.active_members),
          netLoss: BigInt(sums.net_loss),
          bets: BigInt(sums.bets),
          wins: BigInt(sums.wins),
          betCount: Number(sums.bet_count),
          wonTurnover: realtime ? BigInt(sums.won_turnover) : 0n,
          lostTurnover: realtime ? BigInt(sums.lost_turnover) : 0n,
          singleBetTurnover: singles.get(sums.agent_id.toString()) ?? 0n,
        },
      ]),
    );
  }

  /** Periods found final (slots summed or summable): final stays final. */
  private readonly finalPeriods = new Set<string>();

  /**
   * Whether the period's slots are summed already (all their pieces), or every transaction that could
   * still write a row dated in them has ended. A wallet row's created_at is its transaction's start
   * (now()) and the row is seen only at commit: a batch holding row locks can commit seconds after its
   * slot ended, and a slot summed before that would miss its bets for ever. So a slot is summed only
   * once no client transaction of this database that started before the period's end is open
   * (pg_stat_activity.xact_start is the very now() its rows carry; autovacuum and other background
   * workers write no wallet rows and are not waited for). This is its own statement: the
   * summing statement's snapshot, taken after it, sees every such transaction committed. The wallet
   * writes as the app's own role, whose sessions pg_stat_activity shows in full; on PGlite the only
   * connection is this one.
   */
  private async slotsFinal(period: Period): Promise<boolean> {
    const key = `${period.start.getTime()}|${period.end.getTime()}`;
    if (this.finalPeriods.has(key)) return true;
    const [row] = await this.db.query<{ final: boolean }>(
      `select (select count(*) from contract_fine_pieces_done where piece_start >= $1 and piece_start < $2) = $3
              or not exists (select 1 from pg_stat_activity
                              where datname = current_database() and pid <> pg_backend_pid()
                                and backend_type = 'client backend' and xact_start < $2) as final`,
      [period.start, period.end, Math.ceil((period.end.getTime() - period.start.getTime()) / PIECE_MS)],
    );
    if (row?.final !== true) return false;
    if (this.finalPeriods.size >= 10_000) this.finalPeriods.clear();
    this.finalPeriods.add(key);
    return true;
  }

  /** Sums every piece of [start, end) not summed yet (a period's are looked up in one query). */
  async sumSlots(start: Date, end: Date): Promise<void> {
    const done = new Set(
      (
        await this.db.query<{ piece_start: Date }>(
          'select piece_start from contract_fine_pieces_done where piece_start >= $1 and piece_start < $2',
          [start, end],
        )
      ).map((r) => new Date(r.piece_start).getTime()),
    );
    for (let piece = start.getTime(); piece < end.getTime(); piece += PIECE_MS) {
      if (!done.has(piece)) await this.sumPiece(new Date(piece));
    }
  }

  /**
   * One piece's per-member sums added to its slot's rows, and its marker, in one statement: two runs
   * racing for the piece find the marker taken (on conflict do nothing) and the loser's CTEs add
   * nothing, so every wallet transaction is counted exactly once and never half a piece.
   */
  private async sumPiece(piece: Date): Promise<void> {
    await this.db.query(
      `with claimed as (
         insert into contract_fine_pieces_done (piece_start) values ($1) on conflict do nothing returning piece_start
       ),
       moves as (
         select r.member_id, v.action, v.amount,
                (v.action = 'bet' and v.rolled_back_by is null) as live,
                r.status = 'closed' and r.payout > r.stake as round_won,
                r.status = 'closed' and r.payout < r.stake as round_lost
           from vendor_transactions v
           join vendor_rounds r on r.vendor_code = v.vendor_code and r.round_id = v.round_id
          where v.created_at >= $1 and v.created_at < $2
            and v.action in ('bet', 'win') and v.status = 'OK'
            and exists (select 1 from claimed)
       )
       insert into contract_fine_slots as s (slot_start, member_id, bet_count, bets, valid_turnover, wins,
                                             won_turnover, lost_turnover)
       select $3, member_id,
              (count(*) filter (where action = 'bet'))::int,
              coalesce(sum(amount) filter (where action = 'bet'), 0),
              coalesce(sum(amount) filter (where live), 0),
              coalesce(sum(amount) filter (where action = 'win'), 0),
              coalesce(sum(amount) filter (where live and round_won), 0),
              coalesce(sum(amount) filter (where live and round_lost), 0)
         from moves group by member_id
       on conflict (slot_start, member_id) do update set
         bet_count = s.bet_count + excluded.bet_count,
         bets = s.bets + excluded.bets,
         valid_turnover = s.valid_turnover + excluded.valid_turnover,
         wins = s.wins + excluded.wins,
         won_turnover = s.won_turnover + excluded.won_turnover,
         lost_turnover = s.lost_turnover + excluded.lost_turnover`,
      [piece, new Date(piece.getTime() + PIECE_MS), slotOf(piece)],
    );
  }

  /** The slot's single bets of at least `minBet`, per member, each piece once per threshold. */
  private async sumSingles(slot: Date, minBet: number): Promise<void> {
    const done = new Set(
      (
        await this.db.query<{ piece_start: Date }>(
          `select piece_start from contract_fine_singles_pieces_done
            where piece_start >= $1 and piece_start < $2 and min_bet = $3`,
          [slot, new Date(slot.getTime() + SLOT_MS), minBet],
        )
      ).map((r) => new Date(r.piece_start).getTime()),
    );
    for (let piece = slot.getTime(); piece < slot.getTime() + SLOT_MS; piece += PIECE_MS) {
      if (done.has(piece)) continue;
      await this.db.query(
        `with claimed as (
           insert into contract_fine_singles_pieces_done (piece_start, min_bet) values ($1, $3)
           on conflict do nothing returning piece_start
         )
         insert into contract_fine_singles as g (slot_start, min_bet, member_id, turnover)
         select $4, $3, r.member_id, sum(v.amount)
           from vendor_transactions v
           join vendor_rounds r on r.vendor_code = v.vendor_code and r.round_id = v.round_id
          where v.created_at >= $1 and v.created_at < $2
            and v.action = 'bet' and v.status = 'OK' and v.rolled_back_by is null and v.amount >= $3
            and exists (select 1 from claimed)
          group by r.member_id
         on conflict (slot_start, min_bet, member_id) do update set turnover = g.turnover + excluded.turnover`,
        [new Date(piece), new Date(piece + PIECE_MS), minBet, slot],
      );
    }
  }
}
