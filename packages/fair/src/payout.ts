/**
 * Payouts in integers. Multipliers are basis points (1× = 10,000 bp) or exact fractions; a payout
 * is always floor(stake · multiplier), i.e. rounded down for every player alike, never up.
 */

/** 1× in basis points. */
export const BP = 10_000;

/** floor(stake · numerator / denominator) on bigint: exact for any stake. */
export function payoutFraction(
  stakeMinor: bigint,
  numerator: bigint | number,
  denominator: bigint | number,
): bigint {
  if (stakeMinor < 0n) throw new RangeError('stake must not be negative');
  return (stakeMinor * BigInt(numerator)) / BigInt(denominator);
}

/** Payout of a stake at a multiplier in basis points. */
export function payoutBp(stakeMinor: bigint, multiplierBp: number): bigint {
  return payoutFraction(stakeMinor, multiplierBp, BP);
}

/** Payout of a stake at a multiplier in hundredths (crash and limbo: 235 = 2.35×). */
export function payoutHundredths(stakeMinor: bigint, multiplierHundredths: number): bigint {
  return payoutFraction(stakeMinor, multiplierHundredths, 100);
}

/**
 * floor(a / b) for non-negative safe integers. A double division is correctly rounded, and when
 * a < 2^53 the true quotient is at least 1/b away from the next integer above it, more than half an
 * ulp, so Math.floor of the rounded quotient is the exact integer quotient; checked anyway.
 */
export function floorDiv(a: number, b: number): number {
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || a < 0 || b <= 0)
    throw new RangeError('floorDiv needs safe non-negative integers and b > 0');
  const q = Math.floor(a / b);
  if (q * b > a) return q - 1;
  if ((q + 1) * b <= a) return q + 1;
  return q;
}
