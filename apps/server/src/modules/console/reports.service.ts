import {
  addDays,
  type ChannelReport,
  type ChannelReportRow,
  type CohortPeriod,
  type CohortReport,
  type CohortReportRow,
  dayIn,
  type GameReport,
  type GameReportRow,
  type Merchant,
  type MessageLanguage,
  type RevenueGrouping,
  type RevenueTotals,
} from '@sorte/shared';
import type { Connection } from '../../db/client';
import { toSafeNumber } from '../../lib/bigint';
import { merchantsInScope, type ScopeQuery } from './dashboard.service';
import { type CohortDayRow, ReportsRepository } from './reports.repository';

type RangeQuery = ScopeQuery & { from: string; to: string };

/** Rows in the merchants' order (BR, MX, BD), then by `then`. */
function inMerchantOrder<Row extends { merchantCode: string }>(
  scope: Merchant[],
  rows: Row[],
  then: (a: Row, b: Row) => number,
): Row[] {
  const rank = new Map(scope.map((m, index) => [m.merchantCode, index]));
  return rows.sort(
    (a, b) => (rank.get(a.merchantCode) ?? 99) - (rank.get(b.merchantCode) ?? 99) || then(a, b),
  );
}

/** The Monday of a day's week (YYYY-MM-DD; weeks start on Monday, as the dividend periods do). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * The console's reports beyond the daily one, read from their rollups only (0052_report_rollups.sql):
 * GGR per vendor or game, deposits and withdrawals per channel, and player cohorts. Scoped as the
 * dashboard is: a merchant-limited operator gets their own merchant's rows, whatever they ask for.
 */
export class ReportsService {
  private readonly repository: ReportsRepository;

  constructor(
    db: Connection,
    private readonly options: { now?: () => Date } = {},
  ) {
    this.repository = new ReportsRepository(db);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async games(
    query: RangeQuery & { groupBy: RevenueGrouping; language: MessageLanguage },
  ): Promise<GameReport> {
    const { from, to, groupBy } = query;
    const scope = merchantsInScope(query);
    if (scope.length === 0) return { from, to, groupBy, rows: [], totals: [] };
    const codes = scope.map((m) => m.merchantCode);
    const [sums, bonuses] = await Promise.all([
      this.repository.gameSums(codes, from, to, groupBy, query.language),
      this.repository.bonusSums(codes, from, to),
    ]);
    const rows: GameReportRow[] = sums.map((s) => ({
      merchantCode: s.merchantCode as GameReportRow['merchantCode'],
      currency: s.currency as GameReportRow['currency'],
      vendor: s.vendor,
      vendorName: s.vendorName,
      gameCode: s.gameCode,
      gameName: s.gameName,
      rounds: toSafeNumber(s.rounds),
      betCount: toSafeNumber(s.betCount),
      stakeAmount: toSafeNumber(s.stakeAmount),
      winAmount: toSafeNumber(s.winAmount),
      ggr: toSafeNumber(s.stakeAmount - s.winAmount),
    }));

    // Totals per merchant and currency: the rows' sums (bigint, exact), then the period's bonuses.
    type Sums = { rounds: bigint; betCount: bigint; stake: bigint; wins: bigint; bonus: bigint };
    const totals = new Map<string, { merchantCode: string; currency: string; sums: Sums }>();
    const totalOf = (merchantCode: string, currency: string) => {
      const key = `${merchantCode}|${currency}`;
      let total = totals.get(key);
      if (!total) {
        total = {
          merchantCode,
          currency,
          sums: { rounds: 0n, betCount: 0n, stake: 0n, wins: 0n, bonus: 0n },
        };
        totals.set(key, total);
      }
      return total.sums;
    };
    for (const s of sums) {
      const total = totalOf(s.merchantCode, s.currency);
      total.rounds += s.rounds;
      total.betCount += s.betCount;
      total.stake += s.stakeAmount;
      total.wins += s.winAmount;
    }
    for (const b of bonuses)
      if (b.bonusAmount !== 0n) totalOf(b.merchantCode, b.currency).bonus += b.bonusAmount;
    const totalRows: RevenueTotals[] = [...totals.values()].map(({ merchantCode, currency, sums: t }) => ({
      merchantCode: merchantCode as RevenueTotals['merchantCode'],
      currency: currency as RevenueTotals['currency'],
      rounds: toSafeNumber(t.rounds),
      betCount: toSafeNumber(t.betCount),
      stakeAmount: toSafeNumber(t.stake),
      winAmount: toSafeNumber(t.wins),
      ggr: toSafeNumber(t.stake - t.wins),
      bonusAmount: toSafeNumber(t.bonus),
      ngr: toSafeNumber(t.stake - t.wins - t.bonus),
    }));
    return {
      from,
      to,
      groupBy,
      rows: inMerchantOrder(scope, rows, (a, b) => b.ggr - a.ggr || a.vendor.localeCompare(b.vendor)),
      totals: inMerchantOrder(scope, totalRows, (a, b) => a.currency.localeCompare(b.currency)),
    };
  }

  async channels(query: RangeQuery): Promise<ChannelReport> {
    const { from, to } = query;
    const scope = merchantsInScope(query);
    if (scope.length === 0) return { from, to, rows: [] };
    const sums = await this.repository.channelSums(
      scope.map((m) => m.merchantCode),
      from,
      to,
    );
    const rows: ChannelReportRow[] = sums.map((s) => ({
      merchantCode: s.merchantCode as ChannelReportRow['merchantCode'],
      currency: s.currency as ChannelReportRow['currency'],
      channel: s.channel,
      depositCount: toSafeNumber(s.depositCount),
      depositAmount: toSafeNumber(s.depositAmount),
      withdrawalCount: toSafeNumber(s.withdrawalCount),
      withdrawalAmount: toSafeNumber(s.withdrawalAmount),
      netAmount: toSafeNumber(s.depositAmount - s.withdrawalAmount),
    }));
    return {
      from,
      to,
      rows: inMerchantOrder(
        scope,
        rows,
        (a, b) => a.currency.localeCompare(b.currency) || a.channel.localeCompare(b.channel),
      ),
    };
  }

  /**
   * The cohort rollup's days grouped by week or day. A day's activity at day 7 (30) counts only once
   * its window has ended in the merchant's time zone: from today - 8 (today - 31) back.
   */
  async cohorts(query: RangeQuery & { period: CohortPeriod }): Promise<CohortReport> {
    const { from, to, period } = query;
    const scope = merchantsInScope(query);
    if (scope.length === 0) return { from, to, period, rows: [] };
    const days = await this.repository.cohortDays(
      scope.map((m) => m.merchantCode),
      from,
      to,
    );
    const now = this.now();
    const todays = new Map(scope.map((m) => [m.merchantCode, dayIn(now, m.timeZone)]));
    const rows = new Map<string, CohortReportRow>();
    for (const day of days) {
      const cohort = period === 'week' ? mondayOf(day.day) : day.day;
      const key = `${day.merchantCode}|${cohort}`;
      let row = rows.get(key);
      if (!row) {
        row = {
          merchantCode: day.merchantCode as CohortReportRow['merchantCode'],
          cohort,
          firstDay: day.day,
          lastDay: day.day,
          registrations: 0,
          firstDeposits: 0,
          eligibleDay7: 0,
          activeDay7: 0,
          eligibleDay30: 0,
          activeDay30: 0,
        };
        rows.set(key, row);
      }
      addDay(row, day, todays.get(day.merchantCode) as string);
    }
    return {
      from,
      to,
      period,
      rows: inMerchantOrder(scope, [...rows.values()], (a, b) => a.cohort.localeCompare(b.cohort)),
    };
  }
}

function addDay(row: CohortReportRow, day: CohortDayRow, today: string): void {
  row.lastDay = day.day; // the days come oldest first
  row.registrations += day.registrations;
  row.firstDeposits += day.firstDeposits;
  if (day.day <= addDays(today, -8)) {
    row.eligibleDay7 += day.registrations;
    row.activeDay7 += day.activeDay7;
  }
  if (day.day <= addDays(today, -31)) {
    row.eligibleDay30 += day.registrations;
    row.activeDay30 += day.activeDay30;
  }
}
