/**
 * The home jackpot counter (spec section 4, DECISIONS.md): starts at a random value between
 * 20,000,000.00 and 21,000,000.00 and rises by a random 100–500 every 3, 4 or 5 seconds. It is a
 * display, not a real pool; amounts are in minor units so the 2 decimals stay exact.
 */
export const JACKPOT_START_MIN = 2_000_000_000;
export const JACKPOT_START_MAX = 2_100_000_000;

type Random = () => number;

export function jackpotStart(random: Random = Math.random): number {
  return JACKPOT_START_MIN + Math.floor(random() * (JACKPOT_START_MAX - JACKPOT_START_MIN));
}

/** The next rise (100.00–500.00 in minor units) and how long to wait for it (3, 4 or 5 s). */
export function jackpotStep(random: Random = Math.random): { increment: number; delayMs: number } {
  const increment = (100 + Math.floor(random() * 401)) * 100;
  const delayMs = [3_000, 4_000, 5_000][Math.floor(random() * 3)] as number;
  return { increment, delayMs };
}
