/**
 * Calendar days in a merchant's time zone (records and betting records are counted by the day there).
 * Days are 'yyyy-MM-dd' strings. No zod: the web imports these.
 */

const DAY_MS = 86_400_000;

/**
 * Formatters are kept per zone: building one costs far more than formatting with it, and a rollup
 * catch-up or a settlement run asks for thousands of days and clocks.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();

function kept(formats: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat) {
  let format = formats.get(timeZone);
  if (!format) {
    format = make();
    formats.set(timeZone, format);
  }
  return format;
}

/** The calendar day (yyyy-MM-dd) an instant falls on in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  // en-CA writes dates as yyyy-MM-dd.
  return kept(
    dayFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(instant);
}

/** The zone's wall clock at an instant (ms), written as if it were UTC: its date and time fields. */
export function wallClockMs(instant: number, timeZone: string): number {
  const parts = kept(
    clockFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
  ).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  return wallClockMs(instant, timeZone) - Math.floor(instant / 1000) * 1000;
}

/** The instant a calendar day starts in a time zone (midnight there), DST included. */
export function startOfDayIn(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const guess = midnightUtc - offsetAt(midnightUtc, timeZone);
  return new Date(midnightUtc - offsetAt(guess, timeZone));
}

/** A calendar day moved by `days` (no time zones involved: plain calendar arithmetic). */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
