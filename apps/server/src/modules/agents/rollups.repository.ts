import type { Connection } from '../../db/client';
import type { FeedCursor } from '../ledger/ledger.service';

/** A ledger transfer with its member side(s) and round, as the rollups sum it. */
export type RollupTransferRow = {
  amount: bigint;
  created_at: Date;
  /** The account record's type of the transfer (bet, win, refund, deposit, withdrawal, bonus, ...). */
  type: string;
  /** For a reversal: the reversed transfer's type. */
  original_type: string | null;
  debit_member: string | null;
  credit_member: string | null;
  debit_merchant: string | null;
  credit_merchant: string | null;
  game_type: string | null;
  /** The round was opened by this transfer's database transaction (its first bet). */
  opens_round: boolean;
  /** This refund rolled back the round's last bet: the round is cancelled (it never counts). */
  cancels_round: boolean;
  round_opened_at: Date | null;
  round_key: string | null;
};

export type RoundRow = {
  vendor_code: string;
  round_id: string;
  id: bigint;
  game_type: string;
  opened_at: Date;
  /** A cancelled round (every bet rolled back, nothing won; final): the refund transfer that did it. */
  cancelled_by: bigint | null;
};

export type MemberPeriodKey = { memberId: bigint; period: string; start: string };

export type MemberPeriodState = {
  member_id: bigint;
  period: string;
  period_start: string;
  valid_turnover: bigint;
  deposit_count: number;
};

/** Sums written by one catch-up for one row: the columns every rollup table shares. */
export type RollupSums = {
  bets: bigint;
  refunds: bigint;
  validTurnover: bigint;
  wins: bigint;
  betCount: number;
  rounds: number;
  deposits: bigint;
  depositCount: number;
  withdrawals: bigint;
  withdrawalCount: number;
  bonuses: bigint;
};

export type MemberPeriodDelta = MemberPeriodKey & RollupSums & { firstDeposit: boolean };
export type MemberGameDelta = { memberId: bigint; day: string; gameType: string } & RollupSums;
export type TeamPeriodDelta = { agentId: bigint; period: string; start: string } & RollupSums & {
    activeMembers: number;
    firstDepositors: number;
  };

/** What one batch adds to the three rollup tables. */
export type RollupWrites = {
  periods: MemberPeriodDelta[];
  games: MemberGameDelta[];
  team: TeamPeriodDelta[];
};

const ids = (values: bigint[]) => values.map(String);

type CursorRow = { last_xact_id: string; last_transfer_id: bigint };
const selectCursor = 'select last_xact_id::text as last_xact_id, last_transfer_id from agent_rollup_cursor';
const cursorOf = ([row]: CursorRow[]): FeedCursor => ({
  xact: row?.last_xact_id ?? '1',
  id: BigInt(row?.last_transfer_id ?? 0),
});

/**
 * The rollups' SQL: the cursor, the members and rounds the ledger's transfers name, and the agent
 * tables. The transfers themselves come from the ledger's service (LedgerService.transfersSince).
 */
export class RollupsRepository {
  constructor(private readonly db: Connection) {}

  async readCursor(): Promise<FeedCursor> {
    return cursorOf(await this.db.query<CursorRow>(`${selectCursor} where id = 1`));
  }

  /** The merchant of each member id given (ids of missing members are left out). */
  merchantsOf(memberIds: string[]): Promise<Array<{ id: bigint; merchant_code: string }>> {
    if (memberIds.length === 0) return Promise.resolve([]);
    return this.db.query('select id, merchant_code from members where id = any($1::bigint[])', [memberIds]);
  }

  /**
   * The vendor rounds named by (vendor, round id) pairs. A cancelled round was cancelled by its last
   * rollback, made in the transaction that set closed_at (same now()): the highest transfer of the
   * round's rollbacks written then (created_at index, equality).
   */
  rounds(keys: Array<{ vendor: string; roundId: string }>): Promise<RoundRow[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.db.query<RoundRow>(
      `select r.vendor_code, r.round_id, r.id, r.game_type, r.opened_at,
              case when r.status = 'cancelled' then
                (select max(v.ledger_transfer_id) from vendor_transactions v
                  where v.created_at = r.closed_at and v.vendor_code = r.vendor_code
                    and v.round_id = r.round_id and v.action = 'rollback')
              end as cancelled_by
         from vendor_rounds r
         join unnest($1::text[], $2::text[]) as k(vendor_code, round_id)
           on r.vendor_code = k.vendor_code and r.round_id = k.round_id`,
      [keys.map((k) => k.vendor), keys.map((k) => k.roundId)],
    );
  }

  /** The current valid turnover and deposit count of these member periods (absent ones are zero). */
  memberPeriodStates(keys: MemberPeriodKey[]): Promise<MemberPeriodState[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.db.query<MemberPeriodState>(
      `select p.member_id, p.period, to_char(p.period_start, 'YYYY-MM-DD') as period_start,
              p.valid_turnover, p.deposit_count
         from agent_member_periods p
         join unnest($1::bigint[], $2::text[], $3::date[]) as k(member_id, period, period_start)
           on p.member_id = k.member_id and p.period = k.period and p.period_start = k.period_start`,
      [ids(keys.map((k) => k.memberId)), keys.map((k) => k.period), keys.map((k) => k.start)],
    );
  }

  /** Every upline (depth > 0) of these members. */
  ancestors(memberIds: bigint[]): Promise<Array<{ ancestor_id: bigint; member_id: bigint }>> {
    if (memberIds.length === 0) return Promise.resolve([]);
    return this.db.query(
      'select ancestor_id, member_id from member_tree where member_id = any($1::bigint[]) and depth > 0',
      [ids(memberIds)],
    );
  }

  /**
   * Writes a batch's sums and moves the cursor from `from` to `to`, in one statement (so one
   * transaction, and on PGlite one trip to its thread: the only connection is held for the
   * statement alone). Nothing is written unless the cursor was still at `from`: a batch summed
   * from reads made after `from` was read is still true then, since every batch that writes these
   * tables moves the cursor. A second instance at the same cursor waits for the first's row lock,
   * then finds the cursor moved. Answers whether the batch was written.
   */
  async applyBatch(from: FeedCursor, to: FeedCursor, rows: RollupWrites): Promise<boolean> {
    const params: unknown[] = [from.xact, from.id.toString(), to.xact, to.id.toString()];
    /** Adds a parameter array; answers its placeholder with its SQL type. */
    const param = (values: unknown[], type: string) => {
      params.push(values);
      return `$${params.length}::${type}[]`;
    };
    const sumParams = (sums: RollupSums[], fields: typeof sumFields | typeof gameFields) => {
      const arrays = sumArrays(sums);
      return fields.map(([, type], i) => param(arrays[i] as unknown[], type)).join(', ');
    };
    /** Parameter arrays for rows, one per column: (how to read it from a row, its SQL type). */
    const columns = <R>(rowsOf: R[], spec: Array<[(row: R) => unknown, string]>) =>
      spec.map(([read, type]) => param(rowsOf.map(read), type)).join(', ');
    const { periods, games, team } = rows;
    const periodSource = [
      columns(periods, [
        [(r) => String(r.memberId), 'bigint'],
        [(r) => r.period, 'text'],
        [(r) => r.start, 'date'],
      ]),
      sumParams(periods, sumFields),
      columns(periods, [[(r) => r.firstDeposit, 'boolean']]),
    ].join(', ');
    const gameSource = [
      columns(games, [
        [(r) => String(r.memberId), 'bigint'],
        [(r) => r.day, 'date'],
        [(r) => r.gameType, 'text'],
      ]),
      sumParams(games, gameFields),
    ].join(', ');
    const teamSource = [
      columns(team, [
        [(r) => String(r.agentId), 'bigint'],
        [(r) => r.period, 'text'],
        [(r) => r.start, 'date'],
      ]),
      sumParams(team, sumFields),
      columns(team, [
        [(r) => r.activeMembers, 'int'],
        [(r) => r.firstDepositors, 'int'],
      ]),
    ].join(', ');
    const [row] = await this.db.query<{ advanced: number }>(
      `with advanced as (
         update agent_rollup_cursor set last_xact_id = $3::xid8, last_transfer_id = $4, updated_at = now()
          where id = 1 and last_xact_id = $1::xid8 and last_transfer_id = $2
         returning 1
       ), member_periods as (
         insert into agent_member_periods as p (member_id, period, period_start, ${sumColumns}, first_deposit)
         select * from unnest(${periodSource}) where exists (select from advanced)
         on conflict (member_id, period, period_start) do update set ${sumUpdates('p')},
           first_deposit = p.first_deposit or excluded.first_deposit
       ), member_game_days as (
         insert into agent_member_game_days as p (member_id, day, game_type, ${gameColumns})
         select * from unnest(${gameSource}) where exists (select from advanced)
         on conflict (member_id, day, game_type) do update set ${gameUpdates('p')}
       ), team_periods as (
         insert into agent_team_periods as p (agent_id, period, period_start, ${sumColumns},
                                              active_members, first_depositors)
         select * from unnest(${teamSource}) where exists (select from advanced)
         on conflict (agent_id, period, period_start) do update set ${sumUpdates('p')},
           active_members = p.active_members + excluded.active_members,
           first_depositors = p.first_depositors + excluded.first_depositors
       )
       select count(*)::int as advanced from advanced`,
      params,
    );
    return (row?.advanced ?? 0) > 0;
  }
}

const sumFields = [
  ['bets', 'bigint'],
  ['refunds', 'bigint'],
  ['valid_turnover', 'bigint'],
  ['wins', 'bigint'],
  ['bet_count', 'int'],
  ['rounds', 'int'],
  ['deposits', 'bigint'],
  ['deposit_count', 'int'],
  ['withdrawals', 'bigint'],
  ['withdrawal_count', 'int'],
  ['bonuses', 'bigint'],
] as const;
const sumColumns = sumFields.map(([name]) => name).join(', ');
const sumUpdates = (alias: string) =>
  sumFields.map(([name]) => `${name} = ${alias}.${name} + excluded.${name}`).join(', ');
const gameFields = sumFields.slice(0, 6);
const gameColumns = gameFields.map(([name]) => name).join(', ');
const gameUpdates = (alias: string) =>
  gameFields.map(([name]) => `${name} = ${alias}.${name} + excluded.${name}`).join(', ');

/** The shared sums as parameter arrays, in sumFields' order (bigints as text for both drivers). */
function sumArrays(rows: RollupSums[]): unknown[][] {
  return [
    ids(rows.map((r) => r.bets)),
    ids(rows.map((r) => r.refunds)),
    ids(rows.map((r) => r.validTurnover)),
    ids(rows.map((r) => r.wins)),
    rows.map((r) => r.betCount),
    rows.map((r) => r.rounds),
    ids(rows.map((r) => r.deposits)),
    rows.map((r) => r.depositCount),
    ids(rows.map((r) => r.withdrawals)),
    rows.map((r) => r.withdrawalCount),
    ids(rows.map((r) => r.bonuses)),
  ];
}
