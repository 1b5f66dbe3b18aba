import { type Currency, currencies, formatMinor } from '@sorte/shared/currency';

const localeOf: Record<string, string> = { pt: 'pt-BR', es: 'es-MX', bn: 'bn-BD', en: 'en' };

/** Minor units with 2 decimals and the currency symbol, grouped the way the language writes numbers. */
export function formatMoney(amountMinor: number, currency: string, language: string): string {
  const locale = localeOf[language.toLowerCase()] ?? 'en';
  if ((currencies as readonly string[]).includes(currency)) {
    return formatMinor(amountMinor, currency as Currency, locale);
  }
  return `${currency} ${(amountMinor / 100).toFixed(2)}`;
}
