/**
 * Bet-amount rules of the bet controls: ½, 2×, min, max and what is wrong with a typed amount. Pure
 * functions over minor units so they are tested without a browser. The server checks again; these only
 * save the player a round trip and explain the problem before they press the button.
 */

export type BetLimits = { min: number; max: number };

/** The studio's default table limits (API.md: 100–100,000 minor units) when the session has none. */
export const defaultLimits: BetLimits = { min: 100, max: 100_000 };

export type AmountProblem = 'amountInvalid' | 'amountBelowMin' | 'amountAboveMax' | 'amountAboveBalance';

/** The largest bet the player can place now: the table maximum or the balance, whichever is lower. */
export function maxBet(limits: BetLimits, balance: number): number {
  return Math.max(limits.min, Math.min(limits.max, balance));
}

function clamp(amount: number, limits: BetLimits, balance: number): number {
  return Math.min(Math.max(amount, limits.min), maxBet(limits, balance));
}

/** ½: half, rounded down to a whole minor unit, never under the minimum. */
export function halveAmount(amount: number, limits: BetLimits, balance: number): number {
  return clamp(Math.floor(amount / 2), limits, balance);
}

/** 2×: double, never over the maximum or the balance. */
export function doubleAmount(amount: number, limits: BetLimits, balance: number): number {
  return clamp(amount * 2, limits, balance);
}

/** What stops the bet, if anything; null when it can be placed. */
export function amountProblem(
  amount: number | null,
  limits: BetLimits,
  balance: number,
): AmountProblem | null {
  if (amount === null || !Number.isSafeInteger(amount) || amount <= 0) return 'amountInvalid';
  if (amount < limits.min) return 'amountBelowMin';
  if (amount > limits.max) return 'amountAboveMax';
  if (amount > balance) return 'amountAboveBalance';
  return null;
}
