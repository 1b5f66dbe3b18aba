// Currencies and amount formatting without zod, so a page that only shows amounts (the web lobby)
// does not download the schema library; the schemas live in money.ts.

/** The currencies of the three merchants. All have two minor-unit digits. */
export const currencies = ['BRL', 'MXN', 'BDT'] as const;
export type Currency = (typeof currencies)[number];

/**
 * Play money (DECISIONS.md "trial (free play) accounts"): the demo balance of free-play accounts,
 * a currency of its own on the ledger so that it sums to zero apart from real money and can never
 * meet it (a transfer between two currencies is refused). "FUN" is the code game vendors commonly
 * give demo play; it is no ISO 4217 currency. Two minor-unit digits, like the merchants' currencies.
 */
export const PLAY_MONEY_CURRENCY = 'FUN';
export type PlayMoneyCurrency = typeof PLAY_MONEY_CURRENCY;
/** What the ledger and the seamless wallet carry: the merchants' currencies and play money. */
export type LedgerCurrency = Currency | PlayMoneyCurrency;
export const ledgerCurrencies: readonly LedgerCurrency[] = [...currencies, PLAY_MONEY_CURRENCY];
/**
 * A free-play account starts with this much play money, and "top up" brings it back to this
 * (1,000.00: the house games' largest default stake); never above it, so play money cannot pile up.
 */
export const PLAY_MONEY_TOP_UP_TO_MINOR = 100_000;

export const isPlayMoney = (currency: string): currency is PlayMoneyCurrency =>
  currency === PLAY_MONEY_CURRENCY;

export const currencyInfo: Record<Currency, { symbol: string; minorDigits: number; locale: string }> = {
  BRL: { symbol: 'R$', minorDigits: 2, locale: 'pt-BR' },
  MXN: { symbol: 'MX$', minorDigits: 2, locale: 'es-MX' },
  BDT: { symbol: '৳', minorDigits: 2, locale: 'bn-BD' },
};

/**
 * Largest amount, in minor units, that any call accepts. JSON numbers are IEEE doubles, so
 * anything above 2^53 - 1 cannot be represented exactly and is refused rather than rounded.
 */
export const MAX_AMOUNT_MINOR = Number.MAX_SAFE_INTEGER;

// The lobby's locales, as Intl gives them (a phone's first Intl.NumberFormat loads locale data:
// tens of milliseconds); any other locale is asked once.
const separators = new Map<string, { group: string; decimal: string }>([
  ['en', { group: ',', decimal: '.' }],
  ['pt-BR', { group: '.', decimal: ',' }],
  ['es-MX', { group: ',', decimal: '.' }],
  ['bn-BD', { group: ',', decimal: '.' }],
]);

/**
 * A locale's grouping and decimal marks, worked out once: making an Intl.NumberFormat is slow (the
 * lobby's jackpot counter formats an amount on every animation frame).
 */
function separatorsOf(locale: string): { group: string; decimal: string } {
  let found = separators.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1000.5);
    found = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
    separators.set(locale, found);
  }
  return found;
}

/**
 * Formats minor units with two decimals, e.g. 123456n BRL → "R$ 1,234.56" (grouping per locale).
 * Works on bigint so that no amount is ever passed through a float.
 */
export function formatMinor(amount: bigint | number, currency: Currency, locale = 'en'): string {
  const value = typeof amount === 'bigint' ? amount : BigInt(amount);
  const { symbol, minorDigits } = currencyInfo[currency];
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = 10n ** BigInt(minorDigits);
  const whole = abs / unit;
  const fraction = (abs % unit).toString().padStart(minorDigits, '0');
  const { group, decimal } = separatorsOf(locale);
  const grouped = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${symbol} ${grouped}${decimal}${fraction}`;
}
