/**
 * Money and multipliers for display. Amounts are whole minor units (centavos, paisa), as the studio
 * API and the platform's wallet send them; they never pass through a float: payouts are computed on
 * bigint, exactly as the server rounds them (down).
 */

const currencySymbols: Readonly<Record<string, string>> = {
  BRL: 'R$',
  MXN: 'MX$',
  BDT: '৳',
  USD: '$',
  EUR: '€',
};

/**
 * Play money: the wallet gives a free-play account's session this currency (no real one). Frames
 * say so next to the balance.
 */
export const PLAY_MONEY_CURRENCY = 'FUN';
export const isPlayMoney = (currency: string) => currency === PLAY_MONEY_CURRENCY;

/** "R$" for BRL; the ISO code itself for a currency without a known symbol (FUN for play money). */
export function currencySymbol(currency: string): string {
  return currencySymbols[currency] ?? currency;
}

/** The number formatting locale of a frame language (grouping and decimal marks only). */
export const numberLocales: Readonly<Record<string, string>> = {
  en: 'en',
  pt: 'pt-BR',
  es: 'es-MX',
  bn: 'en-IN',
};

type Separators = { group: string; decimal: string };
const separatorCache = new Map<string, Separators>();

/** The grouping and decimal characters of a locale (Latin digits always: amounts must be unambiguous). */
export function separators(locale: string): Separators {
  let found = separatorCache.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1000.5);
    found = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
    separatorCache.set(locale, found);
  }
  return found;
}

function group(whole: bigint, mark: string): string {
  return whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, mark);
}

/** "R$ 1,234.56" from 123456 BRL: the currency's symbol, grouped, always two decimals. */
export function formatMoney(minor: number | bigint, currency: string, locale = 'en'): string {
  const value = typeof minor === 'bigint' ? minor : BigInt(Math.trunc(minor));
  const { group: mark, decimal } = separators(locale);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const symbol = currencySymbol(currency);
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${symbol} ${group(abs / 100n, mark)}${decimal}${fraction}`;
}

/** The amount as typed in an input: "10.50" (or "10,50" where the comma is the decimal mark). */
export function formatAmountInput(minor: number, locale = 'en'): string {
  const { decimal } = separators(locale);
  return `${Math.floor(minor / 100)}${decimal}${String(minor % 100).padStart(2, '0')}`;
}

/**
 * Minor units from what a player typed: digits with at most two decimals after "." or ",", spaces
 * ignored. Null for anything else (letters, a minus sign, three decimals, two marks): the bet controls
 * say so rather than guess.
 */
export function parseAmount(text: string): number | null {
  const clean = text.replace(/\s/g, '');
  const match = /^(\d{1,13})(?:[.,](\d{0,2}))?$/.exec(clean) ?? /^[.,](\d{1,2})$/.exec(clean);
  if (!match) return null;
  if (match.length === 2) return Number((match[1] ?? '').padEnd(2, '0'));
  const whole = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const minor = whole * 100 + cents;
  return Number.isSafeInteger(minor) ? minor : null;
}

/** floor(stake · bp / 10,000): the payout at a multiplier in basis points, rounded down like the server. */
export function payoutAtBp(stakeMinor: number, multiplierBp: number): number {
  return Number((BigInt(stakeMinor) * BigInt(Math.floor(multiplierBp))) / 10_000n);
}

/** floor(stake · h / 100): the payout at a multiplier in hundredths (crash, limbo). */
export function payoutAtHundredths(stakeMinor: number, hundredths: number): number {
  return Number((BigInt(stakeMinor) * BigInt(Math.floor(hundredths))) / 100n);
}

/** "2.35×" from 235 hundredths; large values grouped ("1,000.00×"). */
export function formatHundredths(hundredths: number, locale = 'en'): string {
  const h = BigInt(Math.max(0, Math.floor(hundredths)));
  const { group: mark, decimal } = separators(locale);
  return `${group(h / 100n, mark)}${decimal}${(h % 100n).toString().padStart(2, '0')}×`;
}

/** "2.00×" from 20,000 basis points, rounded down to hundredths (what a player can check by hand). */
export function formatBp(multiplierBp: number, locale = 'en'): string {
  return formatHundredths(Math.floor(multiplierBp / 100), locale);
}

/** A percentage from hundredths of a percent: 4950 → "49.50%". */
export function formatChance(hundredthsOfPercent: number, locale = 'en'): string {
  const { decimal } = separators(locale);
  const h = Math.max(0, Math.floor(hundredthsOfPercent));
  return `${Math.floor(h / 100)}${decimal}${String(h % 100).padStart(2, '0')}%`;
}

/**
 * A whole number of minor units from an API field. The API sends JSON numbers; a decimal string of
 * digits (how some wallets send bigints) is accepted too. Anything else is 0, never NaN on screen.
 */
export function toMinor(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  if (typeof value === 'bigint') return Number(value);
  return 0;
}
