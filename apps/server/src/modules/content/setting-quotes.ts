import { formatMinor, type Merchant } from '@sorte/shared';

/**
 * Settings a lobby text may quote. An operator writes `{{minDeposit}}` in a help article, a popup
 * or a promotion instead of an amount, and every reader sees the limit the deposit form enforces:
 * a text that says "minimum R$ 20" while the form takes R$ 10 is not true (issue 14).
 */
export type SettingQuotes = {
  /** The lowest minimum deposit of the merchant's open deposit channels, in minor units. */
  minDeposit: bigint | null;
  /** The lowest minimum withdrawal of the merchant's open withdrawal channels, in minor units. */
  minWithdrawal: bigint | null;
};

export type SettingQuotesSource = (merchant: Merchant) => Promise<SettingQuotes>;

/** No channel open: the texts say so with a dash rather than an amount nobody can use. */
const NOT_OFFERED = '—';

/** Amounts are grouped as the reader's language writes numbers, as the web's money is. */
const localeOf: Record<string, string> = { PT: 'pt-BR', ES: 'es-MX', BN: 'bn-BD', EN: 'en' };

const PLACEHOLDER = /\{\{(minDeposit|minWithdrawal)\}\}/g;

/** Whether a text quotes a setting at all (most do not: they are left as they are). */
export const quotesSettings = (text: string) => text.includes('{{');

/** The text with each `{{setting}}` replaced by its value, in the merchant's currency. */
export function fillSettingQuotes(
  text: string,
  quotes: SettingQuotes,
  merchant: Merchant,
  language: string,
): string {
  if (!quotesSettings(text)) return text;
  const locale = localeOf[language.toUpperCase()] ?? 'en';
  return text.replace(PLACEHOLDER, (_, name: keyof SettingQuotes) => {
    const value = quotes[name];
    return value === null ? NOT_OFFERED : formatMinor(value, merchant.currency, locale);
  });
}

/** A short key for the values, so an answer built with other values is not reused. */
export const quotesKey = (quotes: SettingQuotes) =>
  `${quotes.minDeposit ?? '-'}/${quotes.minWithdrawal ?? '-'}`;
