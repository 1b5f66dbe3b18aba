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
