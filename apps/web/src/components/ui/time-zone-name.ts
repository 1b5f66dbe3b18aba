import { dateLocaleFor } from '@sorte/shared/date-time-format';

function zonePart(timeZone: string, locale: string, style: 'long' | 'shortOffset', at: Date) {
  try {
    return new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return undefined;
  }
}

/**
 * A time zone as people say it, in their language, with its offset from UTC at `at`:
 * "Brasilia Standard Time (GMT-3)", "Horário Padrão de Brasília (GMT-3)". Never the IANA id
 * (`America/Sao_Paulo`) unless the browser knows nothing better.
 */
export function timeZoneName(timeZone: string, language: string, at: Date = new Date()): string {
  const locale = dateLocaleFor(language);
  const name = zonePart(timeZone, locale, 'long', at);
  const offset = zonePart(timeZone, locale, 'shortOffset', at);
  if (!name) return offset ?? timeZone;
  return offset && offset !== name ? `${name} (${offset})` : name;
}
