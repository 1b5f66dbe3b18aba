import { DAILY_REPORT_MAX_DAYS, reportDaySchema } from '@sorte/shared/contracts/console-reports';
import { patterns } from '@sorte/shared/patterns';

const DAY_MS = 86_400_000;

/** The browser's calendar day, YYYY-MM-DD. */
export function localDay(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A day moved by whole days (calendar arithmetic in UTC, so no daylight-saving hour slips in). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The default range: the last 30 days, today included. */
export function defaultRange(today = localDay()) {
  return { from: addDays(today, -29), to: today };
}

/**
 * A calendar day that exists, as the server's schema checks it. The pattern is checked first: the
 * shared schema's refinement also runs on text that fails its pattern, and throws on it (RangeError
 * from toISOString) instead of answering "invalid".
 */
export const isReportDay = (day: string) =>
  patterns.DATE_YMD.test(day) && reportDaySchema.safeParse(day).success;

export type RangeProblem = 'fromInvalid' | 'toInvalid' | 'toBeforeFrom' | 'tooLong';

/** What is wrong with a range, as the server would say it (at most DAILY_REPORT_MAX_DAYS days, both included). */
export function rangeProblem(from: string, to: string): RangeProblem | null {
  if (!isReportDay(from)) return 'fromInvalid';
  if (!isReportDay(to)) return 'toInvalid';
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
  if (days < 0) return 'toBeforeFrom';
  if (days >= DAILY_REPORT_MAX_DAYS) return 'tooLong';
  return null;
}
