/** Converts a bigint amount to a JSON number, refusing (rather than rounding) anything unsafe. */
export function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`amount ${value} is outside the safe integer range`);
  }
  return Number(value);
}
