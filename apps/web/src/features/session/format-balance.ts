import { type Currency, currencies, formatMinor } from '@sorte/shared/currency';

const localeOf: Record<string, string> = { pt: 'pt-BR', es: 'es-MX', bn: 'bn-BD', en: 'en' };

/** A balance in minor units shown with 2 decimals and the currency symbol, e.g. "R$ 1.000,00". */
export function formatBalance(
  amountMinor: number,
  currency: string,
  currencySymbol: string,
  language: string,
): string {
  const locale = localeOf[language] ?? 'en';
  if ((currencies as readonly string[]).includes(currency)) {
    return formatMinor(amountMinor, currency as Currency, locale);
  }
  // Play money (FUN) or a currency this build does not know: 2 decimals, the locale's grouping (in
  // Latin digits, like every amount), with the server's symbol.
  const value = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    numberingSystem: 'latn',
  }).format(amountMinor / 100);
  return `${currencySymbol} ${value}`;
}

/** What a hidden balance shows (spec section 1: hidden balances are asterisks). */
export const hiddenBalance = '******';
