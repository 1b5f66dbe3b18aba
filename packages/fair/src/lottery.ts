/**
 * Lottery draw: `k` distinct numbers from 1 … n by Fisher–Yates from the stream (see ./shuffle).
 */
import { drawDistinct } from './shuffle';
import type { FloatStream } from './stream';

export interface LotteryDraw {
  /** In the order drawn (for an animated reveal). */
  drawn: number[];
  /** Ascending (for display and matching). */
  sorted: number[];
}

export function drawLottery(stream: FloatStream, n: number, k: number): LotteryDraw {
  const drawn = drawDistinct(stream, n, k).map((i) => i + 1);
  return { drawn, sorted: [...drawn].sort((a, b) => a - b) };
}

/** How many of the player's picks are among the drawn numbers. */
export function countMatches(picks: readonly number[], draw: LotteryDraw): number {
  if (new Set(picks).size !== picks.length) throw new RangeError('picks must be distinct');
  const set = new Set(draw.drawn);
  return picks.filter((p) => set.has(p)).length;
}
