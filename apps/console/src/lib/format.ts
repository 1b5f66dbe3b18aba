import { intlLocale } from './i18n';

/** An amount in minor units (two decimals for every merchant currency) in its currency: "R$ 1.234,50". */
export function formatMinor(amountMinor: number, currency: string, language: string): string {
  const major = amountMinor / 100;
  try {
    return new Intl.NumberFormat(intlLocale(language), {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(major);
  } catch {
    // Not a currency code Intl accepts: the number, then the code.
    return `${new Intl.NumberFormat(intlLocale(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(major)} ${currency}`;
  }
}

/** The amount in major units with two decimals and a dot, for CSV files ("1234.50"). */
export const minorToDecimal = (amountMinor: number) => (amountMinor / 100).toFixed(2);

/** A date and time in the console's language, in the browser's time zone ("—" when missing). */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'short', timeStyle: 'medium' }).format(
    date,
  );
}

/** A whole count in the console's language ("1,234" / "1.234"). */
export const formatCount = (count: number, language: string) =>
  new Intl.NumberFormat(intlLocale(language)).format(count);

/** An amount in minor units, short, for a chart's axis ("R$ 12K"). */
export function formatMinorCompact(amountMinor: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(intlLocale(language), {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    }).format(amountMinor / 100);
  } catch {
    return formatMinor(amountMinor, currency, language);
  }
}

/** A calendar day (YYYY-MM-DD, already in the merchant's time zone) as the language writes it. */
export function formatDay(day: string, language: string, style: 'short' | 'medium' = 'short'): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(
    intlLocale(language),
    style === 'short'
      ? { day: '2-digit', month: '2-digit', timeZone: 'UTC' }
      : { dateStyle: 'medium', timeZone: 'UTC' },
  ).format(date);
}

export type Change = { direction: 'up' | 'down' | 'flat' | 'new'; text: string };

/**
 * Today against yesterday in percent, one decimal ("+12.5%"). The figures are whole numbers (counts
 * or minor units); only the ratio is a fraction. From zero there is no percentage: 'new' (or 'flat'
 * when both are zero). A change of a negative figure (a GGR the players won) is measured against its
 * size, so going from -100 to 50 reads as up.
 */
export function changeOf(today: number, yesterday: number, language: string): Change {
  if (yesterday === 0) return { direction: today === 0 ? 'flat' : 'new', text: '' };
  const ratio = (today - yesterday) / Math.abs(yesterday);
  const text = new Intl.NumberFormat(intlLocale(language), {
    style: 'percent',
    maximumFractionDigits: 1,
    minimumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(ratio);
  return { direction: today === yesterday ? 'flat' : today > yesterday ? 'up' : 'down', text };
}
