import { dateLocaleFor, formatDateIn, formatDateTimeIn, formatTimeIn } from '@sorte/shared/date-time-format';
import { currentMerchant } from '../../lib/merchant';

/**
 * The web app's one place for showing times (DECISIONS.md: the merchant's time zone everywhere, one
 * 24-hour format per language). The rules live in @sorte/shared/date-time-format, which the studio's
 * game history uses too. Never format a date with `toLocale…String` or a formatter of its own: the
 * browser's time zone would show the same deposit at two different hours.
 */

/** The zone times are shown in when the page has none from the server: the visitor's merchant's. */
export const merchantTimeZone = (): string => currentMerchant().timeZone;

/** "23/11/2026 14:05" in the reader's language, in the merchant's time zone (or `timeZone`). */
export function formatDateTime(iso: string, language: string, timeZone: string = merchantTimeZone()): string {
  return formatDateTimeIn(iso, language, timeZone);
}

/** "23/11/2026": the date of an instant in the merchant's time zone (or `timeZone`). */
export function formatDate(iso: string, language: string, timeZone: string = merchantTimeZone()): string {
  return formatDateIn(iso, language, timeZone);
}

/** "14:05:09": the merchant's wall clock at an instant (a live clock). */
export function formatTime(instant: Date, language: string, timeZone: string = merchantTimeZone()): string {
  return formatTimeIn(instant, language, timeZone, { seconds: true });
}

/** A calendar day "2026-11-23" as "23/11" (chart labels) or "23/11/2026". */
export function formatDay(day: string, language: string, withYear = true): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  // A day has no instant to place in a zone: written as is (UTC in, UTC out).
  return new Intl.DateTimeFormat(dateLocaleFor(language), {
    day: '2-digit',
    month: '2-digit',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** Seconds as "mm:ss" (or "h:mm:ss" from an hour): a countdown. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${String(m).padStart(2, '0')}:${sec}`;
}
