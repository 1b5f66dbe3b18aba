import type { Connection } from '../../db/client';
import type { Period, PeriodKind } from './periods';
import type { TeamFiguresSource } from './settlement.service';
import type { TeamFigures } from './settlement-math';

/** Every zone's offset is a whole number of 5 minutes: a slot is the same instant range everywhere. */
export const SLOT_MS = 5 * 60_000;

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
 * wallet's transactions made in it, by the first settlement that needs it: the run only asks for
 * periods that ended at least the settlement delay ago, so the wallet's last commits of the slot are
 * in (its group commit holds a transaction for milliseconds).
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

  async figures(
    agentId: bigint,
    period: Period,
    minBetAmount: number,
    timeZone: string,
  ): Promise<TeamFigures | null> {
    if (period.kind !== 'hour' && period.kind !== '5min')
      return this.daily.figures(agentId, period, minBetAmount, timeZone);
    await this.sumSlots(period.start, period.end);
    const realtime = period.kind === '5min';
    if (realtime) await this.sumSingles(period.start, minBetAmount);
    const [row] = await this.db.query<SlotSums>(
      `select coalesce(sum(vt), 0)::bigint as valid_turnover,
              (count(*) filter (where vt > 0 and vt >= $4))::int as active_members,
              coalesce(sum(vt - w), 0)::bigint as net_loss,
              coalesce(sum(b), 0)::bigint as bets,
              coalesce(sum(w), 0)::bigint as wins,
              coalesce(sum(n), 0)::int as bet_count,
              coalesce(sum(won), 0)::bigint as won_turnover,
              coalesce(sum(lost), 0)::bigint as lost_turnover
         from (select s.member_id, sum(s.valid_turnover) as vt, sum(s.wins) as w, sum(s.bets) as b,
                      sum(s.bet_count) as n, sum(s.won_turnover) as won, sum(s.lost_turnover) as lost
                 from contract_fine_slots s
                 join member_tree t on t.ancestor_id = $1 and t.member_id = s.member_id and t.depth > 0
                where s.slot_start >= $2 and s.slot_start < $3
                group by s.member_id) per_member`,
      [agentId, period.start, period.end, minBetAmount],
    );
    const sums = row as SlotSums;
    let singleBetTurnover = 0n;
    if (realtime) {
      const [single] = await this.db.query<{ turnover: bigint }>(
        `select coalesce(sum(g.turnover), 0)::bigint as turnover
           from contract_fine_singles g
           join member_tree t on t.ancestor_id = $1 and t.member_id = g.member_id and t.depth > 0
          where g.slot_start = $2 and g.min_bet = $3`,
        [agentId, period.start, minBetAmount],
      );
      singleBetTurnover = BigInt(single?.turnover ?? 0);
    }
    return {
      validTurnover: BigInt(sums.valid_turnover),
      activeMembers: Number(sums.active_members),
      netLoss: BigInt(sums.net_loss),
      bets: BigInt(sums.bets),
      wins: BigInt(sums.wins),
      betCount: Number(sums.bet_count),
      wonTurnover: realtime ? BigInt(sums.won_turnover) : 0n,
      lostTurnover: realtime ? BigInt(sums.lost_turnover) : 0n,
      singleBetTurnover,
    };
  }

  /** Sums every slot of [start, end) not summed yet (an hour's are read in one query when done). */
  async sumSlots(start: Date, end: Date): Promise<void> {
    const done = new Set(
      (
        await this.db.query<{ slot_start: Date }>(
          'select slot_start from contract_fine_slots_done where slot_start >= $1 and slot_start < $2',
          [start, end],
        )
      ).map((r) => new Date(r.slot_start).getTime()),
    );
    for (let slot = start.getTime(); slot < end.getTime(); slot += SLOT_MS) {
      if (!done.has(slot)) await this.sumSlot(new Date(slot));
    }
  }

  /**
   * One slot's per-member sums and its marker in one statement: two runs racing for the slot find the
   * marker taken (on conflict do nothing) and the loser's CTEs insert nothing, so a slot is summed
   * exactly once and never half.
   */
  private async sumSlot(slot: Date): Promise<void> {
    await this.db.query(
      `with claimed as (
         insert into contract_fine_slots_done (slot_start) values ($1) on conflict do nothing returning slot_start
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
       insert into contract_fine_slots (slot_start, member_id, bet_count, bets, valid_turnover, wins,
                                        won_turnover, lost_turnover)
       select $1, member_id,
              (count(*) filter (where action = 'bet'))::int,
              coalesce(sum(amount) filter (where action = 'bet'), 0),
              coalesce(sum(amount) filter (where live), 0),
              coalesce(sum(amount) filter (where action = 'win'), 0),
              coalesce(sum(amount) filter (where live and round_won), 0),
              coalesce(sum(amount) filter (where live and round_lost), 0)
         from moves group by member_id`,
      [slot, new Date(slot.getTime() + SLOT_MS)],
    );
  }

  /** The slot's single bets of at least `minBet`, per member, once per slot and threshold. */
  private async sumSingles(slot: Date, minBet: number): Promise<void> {
    await this.db.query(
      `with claimed as (
         insert into contract_fine_singles_done (slot_start, min_bet) values ($1, $3)
         on conflict do nothing returning slot_start
       )
       insert into contract_fine_singles (slot_start, min_bet, member_id, turnover)
       select $1, $3, r.member_id, sum(v.amount)
         from vendor_transactions v
         join vendor_rounds r on r.vendor_code = v.vendor_code and r.round_id = v.round_id
        where v.created_at >= $1 and v.created_at < $2
          and v.action = 'bet' and v.status = 'OK' and v.rolled_back_by is null and v.amount >= $3
          and exists (select 1 from claimed)
        group by r.member_id`,
      [slot, new Date(slot.getTime() + SLOT_MS), minBet],
    );
  }
}
