/** A calendar day as a date input gives it: YYYY-MM-DD, and a day that exists. */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= '2000-01-01';
}

/** Midnight at the start of a day in the browser's time zone, as an instant (ISO 8601). */
const startOf = (day: string) => new Date(`${day}T00:00:00`).toISOString();

/** Midnight at the end of a day (the start of the next one) in the browser's time zone. */
function endOf(day: string): string {
  const next = new Date(`${day}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
}

export type CreatedRange =
  | { problem: null; from: string | null; to: string | null }
  | { problem: 'fromInvalid' | 'toInvalid' | 'toBeforeFrom' };

/**
 * The creation-time bounds the server takes for the days the operator picked, both days included, in
 * the operator's own time zone (what the list shows): from the first day's midnight to the midnight
 * after the last day.
 */
export function createdRange(fromDay: string, toDay: string): CreatedRange {
  if (fromDay && !isDay(fromDay)) return { problem: 'fromInvalid' };
  if (toDay && !isDay(toDay)) return { problem: 'toInvalid' };
  if (fromDay && toDay && toDay < fromDay) return { problem: 'toBeforeFrom' };
  return { problem: null, from: fromDay ? startOf(fromDay) : null, to: toDay ? endOf(toDay) : null };
}
