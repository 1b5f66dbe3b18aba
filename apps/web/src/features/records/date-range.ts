import { recordsDefaultDays, recordsMaxDays } from '@sorte/shared/contracts/records';
import { addDays, dayIn } from '@sorte/shared/time-zone';

/**
 * Record dates are calendar days (yyyy-MM-dd) in the merchant's time zone, within the last 30 days
 * (spec section 9: the picker steps by 7 and 30 days; the server refuses older starts).
 */
export type RangePreset = 'today' | 'last7' | 'last30';
export type DayRange = { startDate: string; endDate: string };

/** Today in a time zone, as yyyy-MM-dd. */
export const todayIn = (timeZone: string, now: Date = new Date()): string => dayIn(now, timeZone);

export { addDays };

/** The earliest day a record query may start on. */
export const earliestDay = (today: string) => addDays(today, -recordsMaxDays);

/** Today only; the last 7 days (today included, the server's default); the last 30 days. */
export function presetRange(preset: RangePreset, today: string): DayRange {
  switch (preset) {
    case 'today':
      return { startDate: today, endDate: today };
    case 'last7':
      return { startDate: addDays(today, 1 - recordsDefaultDays), endDate: today };
    case 'last30':
      return { startDate: addDays(today, 1 - recordsMaxDays), endDate: today };
  }
}

/**
 * A custom range kept valid: both days inside [today − 30, today], and the end not before the
 * start (a start moved past the end drags the end with it).
 */
export function clampRange(startDate: string, endDate: string, today: string): DayRange {
  const earliest = earliestDay(today);
  const clamp = (day: string) => (day < earliest ? earliest : day > today ? today : day);
  const start = clamp(startDate || earliest);
  let end = clamp(endDate || today);
  if (end < start) end = start;
  return { startDate: start, endDate: end };
}

/** Every day of a range, oldest first (the chart's x axis). */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (
    let day = range.startDate;
    day <= range.endDate && days.length <= recordsMaxDays + 1;
    day = addDays(day, 1)
  )
    days.push(day);
  return days;
}
