import { defaultLanguage, formatMinor, type GameType, type Merchant, toMessageLanguage } from '@sorte/shared';
import { sharedTranslator } from '../../plugins/i18n';

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
  /**
   * The categories that have games for the merchant, in menu order: `{{gameCategories}}` lists them
   * so a text never names one nobody offers ("table games", "live casino") or leaves one out.
   */
  gameCategories: readonly GameType[];
};

export type SettingQuotesSource = (merchant: Merchant) => Promise<SettingQuotes>;

/** No channel open: the texts say so with a dash rather than an amount nobody can use. */
const NOT_OFFERED = '—';

/** Amounts are grouped as the reader's language writes numbers, as the web's money is. */
const localeOf: Record<string, string> = { PT: 'pt-BR', ES: 'es-MX', BN: 'bn-BD', EN: 'en' };

const PLACEHOLDER = /\{\{(minDeposit|minWithdrawal|gameCategories)\}\}/g;

/** Category names are the menu's own (common.json `menu`), read once from the shared catalogues. */
function categoryLabel(type: GameType, language: string): string {
  return sharedTranslator()(toMessageLanguage(language) ?? defaultLanguage)(`common:menu.${type}`);
}

/**
 * One formatter per locale, the four made as the module loads: making one costs far more than using
 * it (10-20 ms, its locale data loading), which the first announcement read after a start would
 * otherwise pay on the event loop while the returning crowd waits.
 */
const listFormats = new Map<string, Intl.ListFormat>(
  Object.values(localeOf).map((locale) => [locale, new Intl.ListFormat(locale, { type: 'conjunction' })]),
);
/** Every locale of localeOf has its formatter (English among them, the fallback). */
const listFormat = (locale: string) => listFormats.get(locale) ?? (listFormats.get('en') as Intl.ListFormat);

/** "Slots, Crash and Fishing", joined as the reader's language joins a list. */
function categoryList(types: readonly GameType[], language: string, locale: string): string {
  if (types.length === 0) return NOT_OFFERED;
  const labels = types.map((type) => categoryLabel(type, language));
  return listFormat(locale).format(labels);
}

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
    if (name === 'gameCategories') return categoryList(quotes.gameCategories, language, locale);
    const value = quotes[name];
    return value === null ? NOT_OFFERED : formatMinor(value, merchant.currency, locale);
  });
}

/** A short key for the values, so an answer built with other values is not reused. */
export const quotesKey = (quotes: SettingQuotes) =>
  `${quotes.minDeposit ?? '-'}/${quotes.minWithdrawal ?? '-'}/${quotes.gameCategories.join()}`;
