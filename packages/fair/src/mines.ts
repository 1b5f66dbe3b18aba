/**
 * Mines: a 5×5 board (tiles 0 … 24, row by row), 1–24 mines placed by Fisher–Yates from the stream.
 *
 * After k safe picks the cash-out multiplier is 0.99 · C(25, k) / C(25 − m, k): the inverse of the
 * probability that k picks are all safe, less a 1% edge. In basis points, rounded down, computed on
 * bigint (it reaches 0.99 · C(25, 12) ≈ 5.1 million ×).
 */
import { drawDistinct } from './shuffle';
import type { FloatStream } from './stream';

export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;

function assertMines(mines: number): void {
  if (!Number.isInteger(mines) || mines < MINES_MIN || mines > MINES_MAX)
    throw new RangeError('mines must be 1–24');
}

/** Mine tiles in draw order (read `mines` stream numbers). */
export function minePositions(stream: FloatStream, mines: number): number[] {
  assertMines(mines);
  return drawDistinct(stream, MINES_TILES, mines);
}

function binomial(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/** Cash-out multiplier in basis points after `safePicks` (1 … 25 − mines) safe tiles. */
export function minesMultiplierBp(mines: number, safePicks: number): number {
  assertMines(mines);
  if (!Number.isInteger(safePicks) || safePicks < 1 || safePicks > MINES_TILES - mines)
    throw new RangeError('safe picks out of range');
  return Number((9900n * binomial(MINES_TILES, safePicks)) / binomial(MINES_TILES - mines, safePicks));
}

/** Exact chance (numerator, denominator) that `safePicks` distinct picks avoid every mine. */
export function minesSurvivalChance(mines: number, safePicks: number): [bigint, bigint] {
  return [binomial(MINES_TILES - mines, safePicks), binomial(MINES_TILES, safePicks)];
}
