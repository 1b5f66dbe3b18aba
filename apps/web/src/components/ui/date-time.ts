const localeOf: Record<string, string> = { pt: 'pt-BR', es: 'es-MX', bn: 'bn-BD', en: 'en-GB' };

const localeFor = (language: string) => localeOf[language.toLowerCase()] ?? 'en-GB';

/** "23/11/2026, 14:05" in the reader's language, in `timeZone` when given (the merchant's). */
export function formatDateTime(iso: string, language: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeFor(language), {
    dateStyle: 'short',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** A calendar day "2026-11-23" as "23/11" (chart labels) or "23/11/2026". */
export function formatDay(day: string, language: string, withYear = true): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat(localeFor(language), {
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
