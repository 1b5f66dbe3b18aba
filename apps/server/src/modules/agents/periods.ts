import { addDays } from '@sorte/shared';

/** Rollup periods: D day, W week (Monday start, DECISIONS), M month, A all time. */
export type RollupPeriod = 'D' | 'W' | 'M' | 'A';

/** period_start of the all-time row. */
export const allTimeStart = '2000-01-01';

/** The Monday of a day's week (days are yyyy-MM-dd calendar days, no time zone involved). */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export const monthStart = (day: string) => `${day.slice(0, 8)}01`;

export function periodStart(period: RollupPeriod, day: string): string {
  if (period === 'D') return day;
  if (period === 'W') return weekStart(day);
  if (period === 'M') return monthStart(day);
  return allTimeStart;
}
