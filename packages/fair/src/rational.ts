/**
 * Exact rationals on bigint: return-to-player figures are computed as fractions so that a paytable's
 * RTP is a fact, not a floating-point estimate.
 */
export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function rational(num: bigint | number, den: bigint | number = 1n): Rational {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError('zero denominator');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { num: n / g, den: d / g };
}

export const add = (a: Rational, b: Rational): Rational =>
  rational(a.num * b.den + b.num * a.den, a.den * b.den);
export const sub = (a: Rational, b: Rational): Rational =>
  rational(a.num * b.den - b.num * a.den, a.den * b.den);
export const mul = (a: Rational, b: Rational): Rational => rational(a.num * b.num, a.den * b.den);
export const div = (a: Rational, b: Rational): Rational => rational(a.num * b.den, a.den * b.num);

export function equals(a: Rational, b: Rational): boolean {
  return a.num === b.num && a.den === b.den;
}

/** Nearest double (for display and tolerance checks only). */
export function toNumber(r: Rational): number {
  // Scale first so that huge numerators and denominators keep their precision.
  const scale = 10n ** 30n;
  return Number((r.num * scale) / r.den) / 1e30;
}

/** Decimal text with `digits` decimals, truncated toward zero, e.g. percent(r, 6) of 0.96 → "96.000000". */
export function toPercentString(r: Rational, digits = 6): string {
  const scaled = (r.num * 100n * 10n ** BigInt(digits)) / r.den;
  const negative = scaled < 0n;
  const s = (negative ? -scaled : scaled).toString().padStart(digits + 1, '0');
  return `${negative ? '-' : ''}${s.slice(0, s.length - digits)}.${s.slice(s.length - digits)}`;
}
