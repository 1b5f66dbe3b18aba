/**
 * Limbo: the player names a target multiplier; the game draws a result multiplier and the bet wins
 * if result ≥ target. The draw is the crash formula on one stream number u (32 bits) instead of 52
 * bits: result = max(1.00, floor(99 / (1 − u / 2^32)) / 100), in integer hundredths, computed exactly
 * as floor(99 · 2^32 / (2^32 − u)). P(result ≥ T) = floor(99 · 2^32 / T) / 2^32 ≤ 0.99 / (T / 100),
 * so the RTP of every target is at most 99%.
 */
import { floorDiv } from './payout';
import { type FloatStream, TWO_POW_32 } from './stream';

/** Accepted targets, in hundredths: 1.01× … 1,000,000×. */
export const LIMBO_MIN_TARGET = 101;
export const LIMBO_MAX_TARGET = 100_000_000;

const NINETY_NINE_TIMES_2_32 = 99 * TWO_POW_32;

/** The result multiplier in hundredths (≥ 100). */
export function limboResult(stream: FloatStream): number {
  const u = stream.nextUint32();
  return Math.max(100, floorDiv(NINETY_NINE_TIMES_2_32, TWO_POW_32 - u));
}

/** Exact probability that a target wins, as numerator over 2^32. */
export function limboWinCount(targetHundredths: number): number {
  return Math.min(TWO_POW_32, floorDiv(NINETY_NINE_TIMES_2_32, targetHundredths));
}

export interface LimboResult {
  result: number;
  win: boolean;
  /** Payout multiplier on a win, in hundredths: the target. */
  multiplierHundredths: number;
}

export function playLimbo(stream: FloatStream, targetHundredths: number): LimboResult {
  if (
    !Number.isInteger(targetHundredths) ||
    targetHundredths < LIMBO_MIN_TARGET ||
    targetHundredths > LIMBO_MAX_TARGET
  )
    throw new RangeError('limbo target out of range');
  const result = limboResult(stream);
  return { result, win: result >= targetHundredths, multiplierHundredths: targetHundredths };
}
