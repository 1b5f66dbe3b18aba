import { dayIn, isPlayMoney, merchantByCode } from '@sorte/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { Pacer, type PacerOptions } from '../../lib/pacer';
import type { FeedTransferRow, LedgerService } from '../ledger/ledger.service';
import { periodStart, type RollupPeriod } from './periods';
import {
  type MemberGameDelta,
  type MemberPeriodDelta,
  type RollupSums,
  RollupsRepository,
  type RollupTransferRow,
  type RollupWrites,
  type TeamPeriodDelta,
} from './rollups.repository';

export type RollupsOptions = {
  /** Transfers read per batch. */
  batchSize: number;
  /** Rests (lib/pacer.ts) between the steps of a batch, or only between batches; none when not given. */
  pace?: PacerOptions & { between: 'steps' | 'batches' };
};

const emptySums = (): RollupSums => ({
  bets: 0n,
  refunds: 0n,
  validTurnover: 0n,
  wins: 0n,
  betCount: 0,
  rounds: 0,
  deposits: 0n,
  depositCount: 0,
  withdrawals: 0n,
  withdrawalCount: 0,
  bonuses: 0n,
});

function addSums(into: RollupSums, from: RollupSums): void {
  into.bets += from.bets;
  into.refunds += from.refunds;
  into.validTurnover += from.validTurnover;
  into.wins += from.wins;
  into.betCount += from.betCount;
  into.rounds += from.rounds;
  into.deposits += from.deposits;
  into.depositCount += from.depositCount;
  into.withdrawals += from.withdrawals;
  into.withdrawalCount += from.withdrawalCount;
  into.bonuses += from.bonuses;
}

type MemberDay = { memberId: bigint; day: string; sums: RollupSums };
type Effect = { member: 'debit' | 'credit'; game: boolean; apply: (s: RollupSums, amount: bigint) => void };

/**
 * What a transfer does to its member's sums, by its account-record type; null when it is not a
 * figure of the team reports (transfers between members, wallet moves, a withdrawal's lock and
 * return inside the member's own accounts).
 */
function effectOf(row: RollupTransferRow): Effect | null {
  const toMember = row.credit_member !== null && row.debit_member === null;
  const fromMember = row.debit_member !== null && row.credit_member === null;
  switch (row.type) {
    case 'bet':
      return fromMember
        ? {
            member: 'debit',
            game: true,
            apply: (s, a) => {
              s.bets += a;
              s.validTurnover += a;
              s.betCount += 1;
            },
          }
        : null;
    case 'win':
      return toMember
        ? {
            member: 'credit',
            game: true,
            apply: (s, a) => {
              s.wins += a;
            },
          }
        : null;
    case 'refund':
      if (!toMember) return null;
      if (row.original_type === 'bet')
        return {
          member: 'credit',
          game: true,
          apply: (s, a) => {
            s.refunds += a;
            s.validTurnover -= a;
          },
        };
      if (row.original_type === 'withdrawal')
        return {
          member: 'credit',
          game: false,
          apply: (s, a) => {
            s.withdrawals -= a;
            s.withdrawalCount -= 1;
          },
        };
      return null;
    case 'adjustment':
      // A reversed win takes the win back.
      return fromMember && row.original_type === 'win'
        ? {
            member: 'debit',
            game: true,
            apply: (s, a) => {
              s.wins -= a;
            },
          }
        : null;
    case 'deposit':
      return toMember
        ? {
            member: 'credit',
            game: false,
            apply: (s, a) => {
              s.deposits += a;
              s.depositCount += 1;
            },
          }
        : null;
    case 'withdrawal':
      // Only the payout leaves the member; lock and return stay within their accounts.
      return fromMember
        ? {
            member: 'debit',
            game: false,
            apply: (s, a) => {
              s.withdrawals += a;
              s.withdrawalCount += 1;
            },
          }
        : null;
    case 'bonus':
      return toMember
        ? {
            member: 'credit',
            game: false,
            apply: (s, a) => {
              s.bonuses += a;
            },
          }
        : null;
    default:
      return null;
  }
}

const noRest: PacerOptions = { restRatio: 0, maxRestMs: 0 };

const memberPeriods: RollupPeriod[] = ['D', 'W', 'M', 'A'];

/**
 * Daily per-member and per-team rollups, caught up from the ledger's transfers by a cursor on
 * (writing transaction id, transfer id): each batch's sums are written, and the cursor moved, in one
 * statement that writes only if the cursor is where the batch read it, so every transfer counts
 * exactly once whatever instance runs it, and a crash mid-batch leaves nothing half-counted.
 *
 * Why exactly once whatever the commit order: a batch reads only transfers of transactions below its
 * snapshot's xmin (LedgerService.transfersSince). Every transaction below it has ended, and later
 * transactions get higher ids, so no transfer can ever appear behind the cursor: a transfer whose
 * transaction is still open when the cursor passes its neighbours waits above the cursor until it
 * commits (or is never seen, if rolled back). An id cursor could not say that: ids are taken at
 * insert, rows seen at commit.
 */
export class RollupsService {
  private running: Promise<number> | null = null;
  private again: Promise<number> | null = null;

  constructor(
    private readonly db: Database,
    private readonly ledger: LedgerService,
    private readonly options: RollupsOptions,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /**
   * Reads every transfer past the cursor whose transaction, and every older one, has ended; returns
   * how many were read.
   */
  catchUp(): Promise<number> {
    // One run at a time per instance. A caller arriving meanwhile may have written transfers after
    // the run read: it gets the next run, which all callers arriving meanwhile share.
    if (this.running) {
      this.again ??= this.running
        .catch(() => 0)
        .then(() => {
          this.again = null;
          return this.catchUp();
        });
      return this.again;
    }
    this.running = this.runAll().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Resolves when no run is in progress (on close). */
  async idle(): Promise<void> {
    await (this.again ?? this.running)?.catch(() => {});
  }

  /**
   * Batches until one comes back short of a full batch: then everything that had ended when it read
   * was read. Why not until nothing is left: under steady play there is always something new, and
   * the loop ran batch after batch of a few transfers, each paying the batch's fixed reads (on PGlite
   * as much database time as the money calls themselves, bench:wallet); the next tick takes them.
   */
  private async runAll(): Promise<number> {
    let total = 0;
    const { pace } = this.options;
    const pacer = new Pacer(pace ?? noRest);
    const withinBatch = pace?.between === 'steps' ? pacer : new Pacer(noRest);
    for (;;) {
      const done = await this.runBatch(withinBatch);
      if (done === null) return total;
      total += done;
      if (done < this.options.batchSize) return total;
      if (pace?.between === 'batches') await pacer.rest();
    }
  }

  /**
   * One batch: the ledger's transfers after the cursor, their members and rounds, and the rows they
   * add to, each read in a statement of its own; then the sums written and the cursor moved in one
   * statement, only if the cursor is still where this batch read it (RollupsRepository.applyBatch).
   * If another instance moved it meanwhile, this batch is dropped and read again from there. No
   * transaction spans the reads: on PGlite one would hold the only connection while this process's
   * busy event loop turns between statements (10-30 ms a batch, up to 170 ms, under bench:load),
   * and every bet waited. Null when there was nothing to read.
   */
  private async runBatch(pacer: Pacer): Promise<number | null> {
    const repository = new RollupsRepository(this.db);
    const cursor = await repository.readCursor();
    const { end, transfers } = await this.ledger.transfersSince(cursor, { limit: this.options.batchSize });
    if (end === null) return null;
    await pacer.rest();
    try {
      // Play money (free-play accounts) is no turnover, deposit or income of anyone's: skipped.
      const real = transfers.filter((t) => !isPlayMoney(t.currency));
      const described = await this.describe(repository, real);
      await pacer.rest();
      const writes = await this.sum(repository, described, pacer);
      const written = await repository.applyBatch(cursor, end, writes);
      await pacer.rest();
      return written ? transfers.length : 0;
    } catch (error) {
      this.log?.error({ err: error }, 'agent rollups: batch failed, retried on the next run');
      throw error;
    }
  }

  /** The member sides (with their merchants) and the round of each transfer. */
  private async describe(
    repository: RollupsRepository,
    transfers: FeedTransferRow[],
  ): Promise<RollupTransferRow[]> {
    const memberOf = (ownerType: string, ownerId: string) => (ownerType === 'member' ? ownerId : null);
    const memberIds = new Set<string>();
    const roundKeys = new Map<string, { vendor: string; roundId: string }>();
    for (const t of transfers) {
      const debit = memberOf(t.debit_owner_type, t.debit_owner_id);
      const credit = memberOf(t.credit_owner_type, t.credit_owner_id);
      if (debit) memberIds.add(debit);
      if (credit) memberIds.add(credit);
      if (t.vendor && t.round_id)
        roundKeys.set(`${t.vendor}|${t.round_id}`, { vendor: t.vendor, roundId: t.round_id });
    }
    const merchants = new Map(
      (await repository.merchantsOf([...memberIds])).map((m) => [m.id.toString(), m.merchant_code]),
    );
    const rounds = new Map(
      (await repository.rounds([...roundKeys.values()])).map((r) => [`${r.vendor_code}|${r.round_id}`, r]),
    );
    return transfers.map((t) => {
      const debit = memberOf(t.debit_owner_type, t.debit_owner_id);
      const credit = memberOf(t.credit_owner_type, t.credit_owner_id);
      const round = t.vendor && t.round_id ? rounds.get(`${t.vendor}|${t.round_id}`) : undefined;
      return {
        amount: t.amount,
        created_at: t.created_at,
        type: t.type,
        original_type: t.original_type,
        debit_member: debit && merchants.has(debit) ? debit : null,
        credit_member: credit && merchants.has(credit) ? credit : null,
        debit_merchant: debit ? (merchants.get(debit) ?? null) : null,
        credit_merchant: credit ? (merchants.get(credit) ?? null) : null,
        game_type: round?.game_type ?? null,
        // The round's first bet is posted in the transaction that opens it: the same now() (read in
        // ms on both sides; two transactions starting in one millisecond would both claim it, and
        // the batch's dedup below still counts the round once).
        opens_round:
          round !== undefined &&
          t.original_type === null &&
          new Date(round.opened_at).getTime() === new Date(t.created_at).getTime(),
        cancels_round:
          round !== undefined && round.cancelled_by !== null && BigInt(round.cancelled_by) === BigInt(t.id),
        round_opened_at: round ? new Date(round.opened_at) : null,
        round_key: round ? round.id.toString() : null,
      };
    });
  }

  /** What the batch adds to each rollup table (reading the rows it adds to, for the counts of members). */
  private async sum(
    repository: RollupsRepository,
    rows: RollupTransferRow[],
    pacer: Pacer,
  ): Promise<RollupWrites> {
    const days = new Map<string, MemberDay>();
    const games = new Map<string, MemberGameDelta>();
    const roundsSeen = new Set<string>();

    const add = (memberId: bigint, day: string, gameType: string | null, delta: RollupSums) => {
      const dayKey = `${memberId}|${day}`;
      let memberDay = days.get(dayKey);
      if (!memberDay) {
        memberDay = { memberId, day, sums: emptySums() };
        days.set(dayKey, memberDay);
      }
      addSums(memberDay.sums, delta);
      if (gameType === null) return;
      const gameKey = `${dayKey}|${gameType}`;
      let game = games.get(gameKey);
      if (!game) {
        game = { memberId, day, gameType, ...emptySums() };
        games.set(gameKey, game);
      }
      addSums(game, delta);
    };

    for (const row of rows) {
      const effect = effectOf(row);
      if (!effect) continue;
      const member = effect.member === 'debit' ? row.debit_member : row.credit_member;
      const merchant = effect.member === 'debit' ? row.debit_merchant : row.credit_merchant;
      if (member === null || merchant === null) continue;
      const memberId = BigInt(member);
      const timeZone = merchantByCode(merchant).timeZone;
      const day = dayIn(new Date(row.created_at), timeZone);
      const delta = emptySums();
      effect.apply(delta, row.amount);
      // A round counts once, on its first bet (the transaction that opened it).
      if (row.type === 'bet' && row.opens_round && row.round_key && !roundsSeen.has(row.round_key)) {
        roundsSeen.add(row.round_key);
        delta.rounds = 1;
      }
      const gameType = effect.game ? (row.game_type ?? 'OTHER') : null;
      add(memberId, day, gameType, delta);
      // A round whose every bet was rolled back is no round: the refund that cancelled it takes back
      // the count its first bet made, on that bet's day. Cancelled is final and that refund is one
      // transfer, so the pair nets to zero whichever of the two is read first.
      if (row.cancels_round && row.round_opened_at && gameType !== null) {
        const cancel = emptySums();
        cancel.rounds = -1;
        add(memberId, dayIn(row.round_opened_at, timeZone), gameType, cancel);
      }
    }
    if (days.size === 0) return { periods: [], games: [], team: [] };

    // Member periods: the day's sums added to its day, week, month and all-time rows.
    const periods = new Map<string, MemberPeriodDelta & { days: string[] }>();
    for (const { memberId, day, sums } of days.values()) {
      for (const period of memberPeriods) {
        const start = periodStart(period, day);
        const key = `${memberId}|${period}|${start}`;
        let row = periods.get(key);
        if (!row) {
          row = { memberId, period, start, ...emptySums(), firstDeposit: false, days: [] };
          periods.set(key, row);
        }
        addSums(row, sums);
        if (sums.depositCount > 0) row.days.push(day);
      }
    }
    const states = new Map(
      (await repository.memberPeriodStates([...periods.values()])).map((s) => [
        `${s.member_id}|${s.period}|${s.period_start}`,
        s,
      ]),
    );
    await pacer.rest();

    // A member whose all-time deposit count leaves zero made their first deposit on the batch's
    // earliest deposit day.
    const firstDepositDay = new Map<bigint, string>();
    for (const [key, row] of periods) {
      if (row.period !== 'A' || row.depositCount <= 0) continue;
      if ((states.get(key)?.deposit_count ?? 0) > 0) continue;
      firstDepositDay.set(row.memberId, row.days.sort()[0] as string);
    }
    const activeChange = new Map<string, number>();
    for (const [key, row] of periods) {
      const before = states.get(key)?.valid_turnover ?? 0n;
      const after = before + row.validTurnover;
      activeChange.set(key, Number(after > 0n) - Number(before > 0n));
      const first = firstDepositDay.get(row.memberId);
      if (first && periodStart(row.period as RollupPeriod, first) === row.start) row.firstDeposit = true;
    }

    // Team periods: every upline of the member gets the member's day, week and month.
    const uplines = new Map<bigint, bigint[]>();
    for (const { ancestor_id, member_id } of await repository.ancestors([...firstKeys(days)])) {
      const list = uplines.get(member_id) ?? [];
      list.push(ancestor_id);
      uplines.set(member_id, list);
    }
    await pacer.rest();
    const team = new Map<string, TeamPeriodDelta>();
    for (const [key, row] of periods) {
      if (row.period === 'A') continue;
      const firstDepositors = row.firstDeposit ? 1 : 0;
      for (const agentId of uplines.get(row.memberId) ?? []) {
        const teamKey = `${agentId}|${row.period}|${row.start}`;
        let teamRow = team.get(teamKey);
        if (!teamRow) {
          teamRow = {
            agentId,
            period: row.period,
            start: row.start,
            ...emptySums(),
            activeMembers: 0,
            firstDepositors: 0,
          };
          team.set(teamKey, teamRow);
        }
        addSums(teamRow, row);
        teamRow.activeMembers += activeChange.get(key) ?? 0;
        teamRow.firstDepositors += firstDepositors;
      }
    }

    return {
      periods: [...periods.values()].map(({ days: _, ...row }) => row),
      games: [...games.values()],
      team: [...team.values()],
    };
  }
}

function* firstKeys(days: Map<string, MemberDay>): Iterable<bigint> {
  const seen = new Set<bigint>();
  for (const { memberId } of days.values()) {
    if (seen.has(memberId)) continue;
    seen.add(memberId);
    yield memberId;
  }
}
