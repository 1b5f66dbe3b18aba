import { z } from 'zod';
import { currencies } from '../currency';
import { envelopeOf } from '../envelope';
import { patterns } from '../patterns';
import { operatorMerchantCodes } from './console';

/**
 * The operator console's dashboard and daily reports (issue 15), permission 'reports.read'. Figures
 * are per merchant, currency and calendar day in the merchant's time zone, read from daily rollups
 * the server refreshes every half minute (so "today" may trail by that much: see `refreshedAt`).
 *
 * Amounts are integers in minor units of `currency` (centavos, paisa). They are JSON numbers: exact
 * below 2^53, which a day's sums of one merchant stay far below; the server refuses to answer one
 * that would not be (it never rounds).
 */

/** Days in the dashboard's charts, today included. */
export const DASHBOARD_SERIES_DAYS = 30;
/** The longest daily report, in days (from and to included). */
export const DAILY_REPORT_MAX_DAYS = 366;

const DAY_MS = 86_400_000;
/** Whole days from one YYYY-MM-DD to another (NaN when either is no date: its own check says so). */
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;

/** A calendar day, YYYY-MM-DD, that exists (no 2026-02-30, and no year 0, which PostgreSQL refuses). */
export const reportDaySchema = z
  .string()
  .regex(patterns.DATE_YMD, { error: 'a date as YYYY-MM-DD' })
  // Zod runs this even when the pattern failed: an invalid date must answer false, not throw.
  .refine(
    (day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day) && !day.startsWith('0000');
    },
    { error: 'a date that exists' },
  );

/** One merchant's figures of one day. */
export const dayFiguresSchema = z.object({
  /** YYYY-MM-DD in the merchant's time zone. */
  day: z.string(),
  /** New accounts (free-play trial accounts are not counted). */
  registrations: z.number().int(),
  /** Players whose first paid deposit ever was paid that day. */
  firstDeposits: z.number().int(),
  /** Paid deposit orders, by when they were paid. */
  depositCount: z.number().int(),
  depositAmount: z.number().int(),
  /** Withdrawals approved (and paid out) that day, by when they were approved. */
  withdrawalCount: z.number().int(),
  withdrawalAmount: z.number().int(),
  /** Bets accepted by the seamless wallet (house studio and vendors) and not rolled back; play money excluded. */
  betCount: z.number().int(),
  /** Stakes of those bets. */
  stakeAmount: z.number().int(),
  /** Wins paid that day. */
  winAmount: z.number().int(),
  /** Gross gaming revenue: stakeAmount - winAmount (negative on a day the players won). */
  ggr: z.number().int(),
  /** Bonuses credited to players (ledger movements of a bonus kind). */
  bonusAmount: z.number().int(),
  /** Net gaming revenue: ggr - bonusAmount. */
  ngr: z.number().int(),
  /** Distinct players with such a bet that day. */
  activePlayers: z.number().int(),
});
export type DayFigures = z.infer<typeof dayFiguresSchema>;

const merchantCodeQuery = z.enum(operatorMerchantCodes).optional();

/** `to` not before `from`, and at most DAILY_REPORT_MAX_DAYS days from one to the other (both included). */
function withinReportRange<S extends z.ZodType<{ from: string; to: string }>>(schema: S) {
  return schema
    .refine((q) => !(daysBetween(q.from, q.to) < 0), { error: 'not before from', path: ['to'] })
    .refine((q) => !(daysBetween(q.from, q.to) >= DAILY_REPORT_MAX_DAYS), {
      error: `at most ${DAILY_REPORT_MAX_DAYS} days from from`,
      path: ['to'],
    });
}

/**
 * GET /ops/console/dashboard: every merchant (or `merchantCode`'s). An operator limited to a merchant
 * always gets that merchant's, whatever `merchantCode` says.
 */
export const dashboardQuerySchema = z.strictObject({ merchantCode: merchantCodeQuery });

export const dashboardMerchantSchema = z.object({
  merchantCode: z.enum(operatorMerchantCodes),
  currency: z.enum(currencies),
  timeZone: z.string(),
  today: dayFiguresSchema,
  yesterday: dayFiguresSchema,
  /** Withdrawals waiting for an operator's decision now (status 'locked'). */
  pendingWithdrawals: z.object({ count: z.number().int(), amount: z.number().int() }),
  /** The last DASHBOARD_SERIES_DAYS days, oldest first, ending with today. */
  series: z.array(dayFiguresSchema),
  /** When the figures were last recomputed (ISO 8601); null before the first refresh. */
  refreshedAt: z.string().nullable(),
});
export type DashboardMerchant = z.infer<typeof dashboardMerchantSchema>;
export const dashboardSchema = z.object({ merchants: z.array(dashboardMerchantSchema) });
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardEnvelope = envelopeOf(dashboardSchema);

/**
 * GET /ops/console/reports/daily?from=&to=: one row per merchant and day from `from` to `to`
 * (at most DAILY_REPORT_MAX_DAYS days, both included; days after the merchant's today are left out),
 * ordered by day, then merchant (BR, MX, BD). Merchant scoping as for the dashboard.
 */
export const dailyReportQuerySchema = withinReportRange(
  z.strictObject({ from: reportDaySchema, to: reportDaySchema, merchantCode: merchantCodeQuery }),
);
export type DailyReportQuery = z.infer<typeof dailyReportQuerySchema>;

export const dailyReportRowSchema = dayFiguresSchema.extend({
  merchantCode: z.enum(operatorMerchantCodes),
  currency: z.enum(currencies),
});
export type DailyReportRow = z.infer<typeof dailyReportRowSchema>;
export const dailyReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(dailyReportRowSchema),
});
export type DailyReport = z.infer<typeof dailyReportSchema>;
export const dailyReportEnvelope = envelopeOf(dailyReportSchema);

/** Totals of one merchant and currency over a report's days, bonuses and NGR included. */
export const revenueTotalsSchema = z.object({
  merchantCode: z.enum(operatorMerchantCodes),
  currency: z.enum(currencies),
  rounds: z.number().int(),
  betCount: z.number().int(),
  stakeAmount: z.number().int(),
  winAmount: z.number().int(),
  ggr: z.number().int(),
  /** Bonuses credited to the merchant's players over the days (as in the daily report). */
  bonusAmount: z.number().int(),
  /** ggr - bonusAmount. */
  ngr: z.number().int(),
});
export type RevenueTotals = z.infer<typeof revenueTotalsSchema>;

/** How the revenue report groups its rows: a row per game, or per catalogue vendor (vassalage). */
export const revenueGroupings = ['game', 'vendor'] as const;
export type RevenueGrouping = (typeof revenueGroupings)[number];

/**
 * GET /ops/console/reports/games?from=&to=&groupBy=game|vendor: GGR per game (or vendor) over the days,
 * per merchant and currency, from the daily rollup per game (the same bets and wins as the daily
 * report, so the rows add up to its GGR). Bonuses belong to players, not games: NGR is in `totals`,
 * per merchant and currency. Rows ordered by merchant (BR, MX, BD), then GGR, highest first.
 */
export const gameReportQuerySchema = withinReportRange(
  z.strictObject({
    from: reportDaySchema,
    to: reportDaySchema,
    merchantCode: merchantCodeQuery,
    groupBy: z.enum(revenueGroupings).default('game'),
  }),
);
export type GameReportQuery = z.input<typeof gameReportQuerySchema>;

export const gameReportRowSchema = z.object({
  merchantCode: z.enum(operatorMerchantCodes),
  currency: z.enum(currencies),
  /** The catalogue vendor's code (vassalage) and name. */
  vendor: z.string(),
  vendorName: z.string(),
  /** The game's code and name in the caller's language; null when rows are per vendor. */
  gameCode: z.string().nullable(),
  gameName: z.string().nullable(),
  /** Rounds with a bet (not rolled back) on those days. */
  rounds: z.number().int(),
  betCount: z.number().int(),
  stakeAmount: z.number().int(),
  winAmount: z.number().int(),
  /** stakeAmount - winAmount. */
  ggr: z.number().int(),
});
export type GameReportRow = z.infer<typeof gameReportRowSchema>;
export const gameReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(revenueGroupings),
  rows: z.array(gameReportRowSchema),
  totals: z.array(revenueTotalsSchema),
});
export type GameReport = z.infer<typeof gameReportSchema>;
export const gameReportEnvelope = envelopeOf(gameReportSchema);

/**
 * GET /ops/console/reports/channels?from=&to=: paid deposits (by when they were paid) and approved
 * withdrawals (by when they were approved) per merchant, currency and payment channel over the days.
 * Rows ordered by merchant (BR, MX, BD), then channel.
 */
export const channelReportQuerySchema = withinReportRange(
  z.strictObject({ from: reportDaySchema, to: reportDaySchema, merchantCode: merchantCodeQuery }),
);
export type ChannelReportQuery = z.infer<typeof channelReportQuerySchema>;

export const channelReportRowSchema = z.object({
  merchantCode: z.enum(operatorMerchantCodes),
  currency: z.enum(currencies),
  channel: z.string(),
  depositCount: z.number().int(),
  depositAmount: z.number().int(),
  withdrawalCount: z.number().int(),
  withdrawalAmount: z.number().int(),
  /** depositAmount - withdrawalAmount. */
  netAmount: z.number().int(),
});
export type ChannelReportRow = z.infer<typeof channelReportRowSchema>;
export const channelReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(channelReportRowSchema),
});
export type ChannelReport = z.infer<typeof channelReportSchema>;
export const channelReportEnvelope = envelopeOf(channelReportSchema);

/** Cohorts by registration week (Monday to Sunday) or day. */
export const cohortPeriods = ['week', 'day'] as const;
export type CohortPeriod = (typeof cohortPeriods)[number];
/** The windows of "active at day 7" and "active at day 30": days after the registration day. */
export const COHORT_ACTIVE_WINDOWS = { day7: [1, 7], day30: [24, 30] } as const;
/** A first deposit counts for its cohort when paid by this day after registration. */
export const COHORT_FIRST_DEPOSIT_DAYS = 30;

/**
 * GET /ops/console/reports/cohorts?from=&to=&period=week|day: the players who registered on the days
 * from-to (free-play trial accounts left out), grouped by week or day of registration in the
 * merchant's time zone, and of them: who made a first deposit by day 30, who played (a round with a
 * live stake) in days 1-7 after registering (active at day 7) and in days 24-30 (active at day 30).
 * Activity is counted only for registration days whose window has ended: `eligibleDay7` and
 * `eligibleDay30` are the registrations it is measured against. Rows ordered by merchant, then
 * cohort; periods without registrations are left out.
 */
export const cohortReportQuerySchema = withinReportRange(
  z.strictObject({
    from: reportDaySchema,
    to: reportDaySchema,
    merchantCode: merchantCodeQuery,
    period: z.enum(cohortPeriods).default('week'),
  }),
);
export type CohortReportQuery = z.input<typeof cohortReportQuerySchema>;

export const cohortReportRowSchema = z.object({
  merchantCode: z.enum(operatorMerchantCodes),
  /** The first day of the week (a Monday) or the day, YYYY-MM-DD. */
  cohort: z.string(),
  /** The first and last registration days of the cohort within from-to. */
  firstDay: z.string(),
  lastDay: z.string(),
  registrations: z.number().int(),
  /** Registered players with a paid deposit by day 30 (so far, for a cohort younger than that). */
  firstDeposits: z.number().int(),
  /** Registrations of the cohort's days whose day 7 has ended, and how many of them were active. */
  eligibleDay7: z.number().int(),
  activeDay7: z.number().int(),
  /** The same for day 30. */
  eligibleDay30: z.number().int(),
  activeDay30: z.number().int(),
});
export type CohortReportRow = z.infer<typeof cohortReportRowSchema>;
export const cohortReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  period: z.enum(cohortPeriods),
  rows: z.array(cohortReportRowSchema),
});
export type CohortReport = z.infer<typeof cohortReportSchema>;
export const cohortReportEnvelope = envelopeOf(cohortReportSchema);
