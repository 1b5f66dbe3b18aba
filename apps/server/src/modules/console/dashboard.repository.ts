import { memberTypes } from '@sorte/shared';
import type { Connection } from '../../db/client';

/** One row of daily_stats (0044_daily_stats.sql). Days are YYYY-MM-DD in the merchant's time zone. */
export type DailyStatsRow = {
  merchantCode: string;
  currency: string;
  day: string;
  registrations: number;
  firstDeposits: number;
  depositCount: number;
  depositAmount: bigint;
  withdrawalCount: number;
  withdrawalAmount: bigint;
  betCount: number;
  stakeAmount: bigint;
  winAmount: bigint;
  bonusAmount: bigint;
  activePlayers: number;
};

export type PendingWithdrawalsRow = { merchantCode: string; currency: string; count: number; amount: bigint };

export type RefreshStateRow = { merchantCode: string; refreshedThrough: string; refreshedAt: Date };

/** The days of one merchant to recompute, with what turns instants into its days. */
export type RefreshWindow = {
  merchantCode: string;
  timeZone: string;
  currency: string;
  from: string;
  to: string;
};

const STATS_COLUMNS = `merchant_code as "merchantCode", trim(currency) as currency,
  to_char(day, 'YYYY-MM-DD') as day, registrations, first_deposits as "firstDeposits",
  deposit_count as "depositCount", deposit_amount as "depositAmount",
  withdrawal_count as "withdrawalCount", withdrawal_amount as "withdrawalAmount",
  bet_count as "betCount", stake_amount as "stakeAmount", win_amount as "winAmount",
  bonus_amount as "bonusAmount", active_players as "activePlayers"`;

/**
 * Recomputes the windows' days from the base tables and writes them over daily_stats. Each base row
 * is read once for every merchant (one pass over the widest window); a row's day is taken in its
 * merchant's time zone. What each figure counts is written in 0044_daily_stats.sql.
 */
const RECOMPUTE = `
with ms as (
  select k.merchant_code, k.time_zone, k.currency, k.day_from, k.day_to,
         k.day_from::timestamp at time zone k.time_zone as lo,
         (k.day_to + 1)::timestamp at time zone k.time_zone as hi
    from unnest($1::text[], $2::text[], $3::text[], $4::date[], $5::date[])
           as k(merchant_code, time_zone, currency, day_from, day_to)),
span as (select min(lo) as lo, max(hi) as hi from ms),
reg as (
  select ms.merchant_code, ms.currency, (m.created_at at time zone ms.time_zone)::date as day, count(*)::int as n
    from ms cross join lateral (
      select created_at from members
       where merchant_code = ms.merchant_code and created_at >= ms.lo and created_at < ms.hi and type <> $6) m
   group by 1, 2, 3),
dep as (
  select ms.merchant_code, trim(o.currency) as currency, (o.settled_at at time zone ms.time_zone)::date as day,
         count(*)::int as n, sum(o.amount)::bigint as amount,
         (count(*) filter (where not exists (
            select 1 from deposit_orders e
             where e.member_id = o.member_id and e.status = 'paid' and (e.settled_at, e.id) < (o.settled_at, o.id))))::int
           as firsts
    from ms cross join lateral (
      select id, member_id, currency, amount, settled_at from deposit_orders
       where merchant_code = ms.merchant_code and status = 'paid' and settled_at >= ms.lo and settled_at < ms.hi) o
   group by 1, 2, 3),
wd as (
  select ms.merchant_code, trim(w.currency) as currency, (w.decided_at at time zone ms.time_zone)::date as day,
         count(*)::int as n, sum(w.amount)::bigint as amount
    from ms cross join lateral (
      select currency, amount, decided_at from withdrawals
       where merchant_code = ms.merchant_code and status in ('approved', 'paid')
         and decided_at >= ms.lo and decided_at < ms.hi) w
   group by 1, 2, 3),
-- Bets and wins per member and day first (the distinct players), then per merchant and day. Trial
-- members play only play money and members only their merchant's currency, so the member decides.
member_play as (
  select ms.merchant_code, (v.created_at at time zone ms.time_zone)::date as day, v.member_id,
         count(*) filter (where v.action = 'bet') as bets,
         coalesce(sum(v.amount) filter (where v.action = 'bet'), 0) as stake,
         coalesce(sum(v.amount) filter (where v.action = 'win'), 0) as wins
    from span
    join vendor_transactions v on v.created_at >= span.lo and v.created_at < span.hi
    join members m on m.id = v.member_id
    join ms on ms.merchant_code = m.merchant_code and v.created_at >= ms.lo and v.created_at < ms.hi
   where v.status = 'OK' and v.action in ('bet', 'win') and (v.action = 'win' or v.rolled_back_by is null)
     and m.type <> $6
   group by 1, 2, 3),
play as (
  select p.merchant_code, ms.currency, p.day, sum(p.bets)::int as bet_count, sum(p.stake)::bigint as stake,
         sum(p.wins)::bigint as wins, (count(*) filter (where p.bets > 0))::int as active
    from member_play p join ms using (merchant_code)
   group by 1, 2, 3),
bonus as (
  select ms.merchant_code, ms.currency, p.period_start as day, sum(p.bonuses)::bigint as amount
    from ms
    join agent_member_periods p on p.period = 'D' and p.bonuses <> 0
                               and p.period_start between ms.day_from and ms.day_to
    join members m on m.id = p.member_id and m.merchant_code = ms.merchant_code
   group by 1, 2, 3),
keys as (
  select ms.merchant_code, ms.currency, d::date as day
    from ms, generate_series(ms.day_from, ms.day_to, interval '1 day') d
  union select merchant_code, currency, day from dep
  union select merchant_code, currency, day from wd
  union select merchant_code, currency, day from play)
insert into daily_stats as s (merchant_code, currency, day, registrations, first_deposits, deposit_count,
                              deposit_amount, withdrawal_count, withdrawal_amount, bet_count, stake_amount,
                              win_amount, bonus_amount, active_players, refreshed_at)
select k.merchant_code, k.currency, k.day, coalesce(reg.n, 0), coalesce(dep.firsts, 0), coalesce(dep.n, 0),
       coalesce(dep.amount, 0), coalesce(wd.n, 0), coalesce(wd.amount, 0), coalesce(play.bet_count, 0),
       coalesce(play.stake, 0), coalesce(play.wins, 0), coalesce(bonus.amount, 0), coalesce(play.active, 0), now()
  from keys k
  left join reg using (merchant_code, currency, day)
  left join dep using (merchant_code, currency, day)
  left join wd using (merchant_code, currency, day)
  left join play using (merchant_code, currency, day)
  left join bonus using (merchant_code, currency, day)
on conflict (merchant_code, day, currency) do update set
  registrations = excluded.registrations, first_deposits = excluded.first_deposits,
  deposit_count = excluded.deposit_count, deposit_amount = excluded.deposit_amount,
  withdrawal_count = excluded.withdrawal_count, withdrawal_amount = excluded.withdrawal_amount,
  bet_count = excluded.bet_count, stake_amount = excluded.stake_amount, win_amount = excluded.win_amount,
  bonus_amount = excluded.bonus_amount, active_players = excluded.active_players, refreshed_at = now()`;

/** Any fixed number: instances refreshing at once take turns (the second recomputes the same days). */
const REFRESH_LOCK_KEY = 7_320_415;

/** SQL of the dashboard: daily_stats, its refresh (with the reports' rollups), and the withdrawals waiting now. */
export class DashboardRepository {
  constructor(private readonly db: Connection) {}

  /** The rows of these merchants from one day to another (both included). */
  days(merchantCodes: string[], from: string, to: string): Promise<DailyStatsRow[]> {
    return this.db.query<DailyStatsRow>(
      `select ${STATS_COLUMNS} from daily_stats
        where merchant_code = any($1::text[]) and day between $2::date and $3::date
        order by day, merchant_code, currency`,
      [merchantCodes, from, to],
    );
  }

  /** Withdrawals locked and waiting for a decision, per merchant and currency (withdrawals_status index). */
  pendingWithdrawals(merchantCodes: string[]): Promise<PendingWithdrawalsRow[]> {
    return this.db.query<PendingWithdrawalsRow>(
      `select merchant_code as "merchantCode", trim(currency) as currency, count(*)::int as count,
              sum(amount)::bigint as amount
         from withdrawals where status = 'locked' and merchant_code = any($1::text[])
        group by 1, 2`,
      [merchantCodes],
    );
  }

  refreshStates(merchantCodes: string[]): Promise<RefreshStateRow[]> {
    return this.db.query<RefreshStateRow>(
      `select merchant_code as "merchantCode", to_char(refreshed_through, 'YYYY-MM-DD') as "refreshedThrough",
              refreshed_at as "refreshedAt"
         from daily_stats_state where merchant_code = any($1::text[])`,
      [merchantCodes],
    );
  }

  /** The instant of each merchant's first registration (where a first refresh starts). */
  firstRegistrations(merchantCodes: string[]): Promise<Array<{ merchantCode: string; at: Date }>> {
    return this.db.query(
      `select k.code as "merchantCode", f.at
         from unnest($1::text[]) as k(code)
         cross join lateral (select min(created_at) as at from members where merchant_code = k.code) f
        where f.at is not null`,
      [merchantCodes],
    );
  }

  /**
   * Recomputes the windows' days and records how far each merchant is done, in one transaction
   * under an advisory lock (so the repository must be on a connection of its own: withConnection). Rows of a window that the base tables no longer back (a currency gone)
   * are deleted: every row the window keeps was written by this transaction.
   */
  async recompute(windows: RefreshWindow[]): Promise<void> {
    if (windows.length === 0) return;
    const connection = this.db;
    await connection.exec('begin');
    try {
      await connection.query('select pg_advisory_xact_lock($1)', [REFRESH_LOCK_KEY]);
      const params = [
        windows.map((w) => w.merchantCode),
        windows.map((w) => w.timeZone),
        windows.map((w) => w.currency),
        windows.map((w) => w.from),
        windows.map((w) => w.to),
      ];
      await connection.query(RECOMPUTE, [...params, memberTypes.trial]);
      // The reports' rollups of the same days (per game, per channel, cohorts): 0052_report_rollups.sql.
      await connection.query(
        'select console_reports_recompute($1::text[], $2::text[], $3::text[], $4::date[], $5::date[], $6)',
        [...params, memberTypes.trial],
      );
      await connection.query(
        `delete from daily_stats s
          using unnest($1::text[], $2::date[], $3::date[]) as k(merchant_code, day_from, day_to)
          where s.merchant_code = k.merchant_code and s.day between k.day_from and k.day_to
            and s.refreshed_at <> now()`,
        [params[0], params[3], params[4]],
      );
      await connection.query(
        `insert into daily_stats_state as st (merchant_code, refreshed_through, refreshed_at)
         select code, day_to, now() from unnest($1::text[], $2::date[]) as k(code, day_to)
         on conflict (merchant_code) do update
           set refreshed_through = greatest(st.refreshed_through, excluded.refreshed_through),
               refreshed_at = excluded.refreshed_at`,
        [params[0], params[4]],
      );
      await connection.exec('commit');
    } catch (error) {
      await connection.exec('rollback');
      throw error;
    }
  }
}
