import { describe, expect, it } from 'vitest';
import { dateLocaleFor, formatDateIn, formatDateTimeIn, formatTimeIn } from './date-time-format';

const formats = new Map<string, Intl.DateTimeFormat>();

/** What Intl writes for the shape, as the formatter did before it wrote fixed-offset zones itself. */
function intl(instant: number, language: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${language}|${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocaleFor(language), { ...options, timeZone, hourCycle: 'h23' });
    formats.set(key, format);
  }
  return format.format(new Date(instant)).replace(', ', ' ');
}

const dateTime = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
} as const;
const zones = ['America/Sao_Paulo', 'America/Mexico_City', 'Asia/Dhaka', 'UTC'];

describe('times written in a merchant zone', () => {
  it('reads the same as Intl in every language, hour by hour from 2008 to 2040', () => {
    const mismatches: string[] = [];
    // Every 7 hours and 13 minutes: each hour of the day and each minute mark comes round, and the
    // zones' last changes of offset (2009, 2019, 2022) fall inside the range.
    let step = 0;
    for (let at = Date.UTC(2008, 0, 1); at < Date.UTC(2040, 0, 1); at += (7 * 60 + 13) * 60_000 + 17_000) {
      // Every language at one instant in twenty (they all write the same digits), Portuguese at each.
      const languages = step++ % 20 === 0 ? ['en', 'pt', 'es', 'bn', 'fr'] : ['pt'];
      for (const timeZone of zones) {
        for (const language of languages) {
          const ours = formatDateTimeIn(at, language, timeZone);
          const theirs = intl(at, language, timeZone, dateTime);
          if (ours !== theirs)
            mismatches.push(`${new Date(at).toISOString()} ${timeZone} ${language}: ${ours} ≠ ${theirs}`);
        }
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('writes the date, the clock and the clock with seconds as Intl does', () => {
    const at = Date.UTC(2026, 10, 28, 2, 5, 9);
    for (const timeZone of zones) {
      expect(formatDateIn(at, 'pt', timeZone)).toBe(
        intl(at, 'pt', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }),
      );
      expect(formatTimeIn(at, 'bn', timeZone)).toBe(
        intl(at, 'bn', timeZone, { hour: '2-digit', minute: '2-digit' }),
      );
      expect(formatTimeIn(at, 'es', timeZone, { seconds: true })).toBe(
        intl(at, 'es', timeZone, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
      );
    }
    expect(formatDateTimeIn(at, 'en', 'America/Sao_Paulo')).toBe('27/11/2026 23:05');
    expect(formatDateTimeIn(at, 'en', 'Asia/Dhaka')).toBe('28/11/2026 08:05');
  });

  it('gives the zone its old offsets before its clock was fixed, and writes other zones through Intl', () => {
    // 1 January 2019: Brazil's summer time (UTC−2).
    expect(formatDateTimeIn(Date.UTC(2019, 0, 1, 12), 'pt', 'America/Sao_Paulo')).toBe('01/01/2019 10:00');
    // 1 July 2022: Mexico City's summer time (UTC−5).
    expect(formatDateTimeIn(Date.UTC(2022, 6, 1, 12), 'es', 'America/Mexico_City')).toBe('01/07/2022 07:00');
    // Lisbon keeps summer time: UTC+1 in July.
    expect(formatDateTimeIn(Date.UTC(2026, 6, 1, 12), 'pt', 'Europe/Lisbon')).toBe('01/07/2026 13:00');
    expect(formatDateTimeIn('not a date', 'pt', 'UTC')).toBe('not a date');
  });
});
