/**
 * How times are shown to players (DECISIONS.md, "times shown to players"): in the merchant's time
 * zone everywhere, never the browser's, and one 24-hour format per language. Every page of the web
 * app and the studio's game history format through here, so one deposit reads the same on the
 * deposit page, in messages and in the account record. No zod: the web and the studio import it.
 */
import { merchants } from './merchants';

/**
 * The written form of each interface language (day before month), in Latin digits everywhere
 * (digits.ts: one digit system per screen, Bengali pages included).
 */
const localeOf: Record<string, string> = { en: 'en-GB', pt: 'pt-BR', es: 'es-MX', bn: 'bn-BD-u-nu-latn' };

/** The locale a language's dates are written in; languages without their own use English's. */
export const dateLocaleFor = (language: string): string =>
  localeOf[language.toLowerCase().slice(0, 2)] ?? 'en-GB';

type Shape = 'dateTime' | 'date' | 'time' | 'timeWithSeconds';

const shapes: Record<Shape, Intl.DateTimeFormatOptions> = {
  // "23/11/2026 20:10": the year in full in every language (es-MX's short style would cut it).
  dateTime: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
  date: { year: 'numeric', month: '2-digit', day: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit' },
  timeWithSeconds: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
};

/** Building a formatter costs far more than using one: kept per locale, zone and shape. */
const kept = new Map<string, Intl.DateTimeFormat>();

function formatterFor(language: string, timeZone: string, shape: Shape): Intl.DateTimeFormat {
  const locale = dateLocaleFor(language);
  const key = `${locale}|${timeZone}|${shape}`;
  let format = kept.get(key);
  if (!format) {
    // h23: a 24-hour clock in every language (en-US and bn-BD would otherwise say "8:10 PM").
    format = new Intl.DateTimeFormat(locale, { ...shapes[shape], timeZone, hourCycle: 'h23' });
    kept.set(key, format);
  }
  return format;
}

/**
 * Zones whose clock has kept one offset since an instant (no daylight saving time since then): our
 * merchants' zones, and UTC. Every language writes the same digits (day/month/year, 24 hours, Latin
 * digits), so an instant there is written without Intl. That matters on a phone: a page's first Intl
 * date or list formatter loads the browser's locale data, 40–75 ms of one task on this project's
 * test machine, and the guest's popup announcement on the lobby would pay it at start. The test
 * compares this with Intl hour by hour; a zone that brings daylight saving back fails it there.
 */
const fixedOffsets: Record<string, { since: number; offsetMinutes: number }> = {
  UTC: { since: Number.NEGATIVE_INFINITY, offsetMinutes: 0 },
  'America/Sao_Paulo': { since: Date.UTC(2019, 1, 17, 2), offsetMinutes: -180 },
  'America/Mexico_City': { since: Date.UTC(2022, 9, 30, 7), offsetMinutes: -360 },
  'Asia/Dhaka': { since: Date.UTC(2009, 11, 31, 17), offsetMinutes: 360 },
};

const two = (n: number) => String(n).padStart(2, '0');

/** The form Intl gives every interface language, written from the fields of the zone's wall clock. */
function writeFixed(date: Date, offsetMinutes: number, shape: Shape): string {
  const wall = new Date(date.getTime() + offsetMinutes * 60_000);
  const day = `${two(wall.getUTCDate())}/${two(wall.getUTCMonth() + 1)}/${wall.getUTCFullYear()}`;
  const time = `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`;
  if (shape === 'date') return day;
  if (shape === 'time') return time;
  if (shape === 'timeWithSeconds') return `${time}:${two(wall.getUTCSeconds())}`;
  return `${day} ${time}`;
}

function format(instant: string | number | Date, language: string, timeZone: string, shape: Shape) {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return typeof instant === 'string' ? instant : '';
  const fixed = fixedOffsets[timeZone];
  const year = date.getUTCFullYear();
  // Years 1000–9999 only: Intl writes others with fewer or more digits.
  if (fixed && date.getTime() >= fixed.since && year > 1000 && year < 9999) {
    return writeFixed(date, fixed.offsetMinutes, shape);
  }
  // Some engines put a comma between date and time ("23/11/2026, 20:10"); one form everywhere.
  return formatterFor(language, timeZone, shape).format(date).replace(', ', ' ');
}

/** "23/11/2026 20:10": date and time of an instant, in a time zone (the merchant's). */
export const formatDateTimeIn = (instant: string | number | Date, language: string, timeZone: string) =>
  format(instant, language, timeZone, 'dateTime');

/** "23/11/2026": the calendar date of an instant in a time zone. */
export const formatDateIn = (instant: string | number | Date, language: string, timeZone: string) =>
  format(instant, language, timeZone, 'date');

/** "20:10", or "20:10:05" with seconds: the wall clock of an instant in a time zone. */
export const formatTimeIn = (
  instant: string | number | Date,
  language: string,
  timeZone: string,
  options: { seconds?: boolean } = {},
) => format(instant, language, timeZone, options.seconds ? 'timeWithSeconds' : 'time');

/**
 * The time zone of the merchant that plays in a currency (each merchant has its own currency): for
 * a game frame, which knows the wallet's currency but not the merchant. UTC for an unknown one.
 */
export const timeZoneOfCurrency = (currency: string): string =>
  merchants.find((merchant) => merchant.currency === currency)?.timeZone ?? 'UTC';
