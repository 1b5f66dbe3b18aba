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

/** A calendar day, YYYY-MM-DD, that exists (no 2026-02-30). */
export const reportDaySchema = z
  .string()
  .regex(patterns.DATE_YMD, { error: 'a date as YYYY-MM-DD' })
  // Zod runs this even when the pattern failed: an invalid date must answer false, not throw.
  .refine(
    (day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
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
export const dailyReportQuerySchema = z
  .strictObject({ from: reportDaySchema, to: reportDaySchema, merchantCode: merchantCodeQuery })
  .refine((q) => !(daysBetween(q.from, q.to) < 0), { error: 'not before from', path: ['to'] })
  .refine((q) => !(daysBetween(q.from, q.to) >= DAILY_REPORT_MAX_DAYS), {
    error: `at most ${DAILY_REPORT_MAX_DAYS} days from from`,
    path: ['to'],
  });
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
