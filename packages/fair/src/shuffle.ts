/**
 * Fisher–Yates from the stream: step i (0-based) swaps slot i with a uniform slot in [i, n), using
 * one stream number per step (floor(float · (n − i))). Stopping after k steps gives k distinct items
 * in draw order, so drawing fewer items reads a prefix of the same shuffle: 3 mines are the first 3
 * of what 10 mines would have been, for the same seeds and nonce.
 */
import { type FloatStream, nextInt } from './stream';

/** The first `k` items of a stream-driven Fisher–Yates shuffle of 0 … n − 1. */
export function drawDistinct(stream: FloatStream, n: number, k: number): number[] {
  if (!Number.isInteger(n) || !Number.isInteger(k) || n < 1 || k < 0 || k > n)
    throw new RangeError('bad draw size');
  const items = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + nextInt(stream, n - i);
    const t = items[i] as number;
    items[i] = items[j] as number;
    items[j] = t;
  }
  return items.slice(0, k);
}
