/**
 * Plinko: a ball falls through `rows` rows of pegs (8–16); at each row it goes left or right with
 * one stream number (floor(float · 2): right if the number's top bit is set). The bucket is the
 * number of rights (0 … rows), so bucket b has probability C(rows, b) / 2^rows.
 *
 * Multiplier tables: our own, three risk levels per row count, symmetric and rising from the middle
 * to the edges. They were made by a one-off search that fixed each table's middle and edge values,
 * fitted the shape between them and then chose "display" values (0.05× steps below 1×, 0.1× below
 * 10×, 1× below 100×, 10× above) maximising the RTP without exceeding 99%. `plinkoRtp` computes each
 * table's RTP exactly; the tests hold every one between 98.85% and 99.00%.
 */
import { BP } from './payout';
import { type Rational, rational } from './rational';
import type { FloatStream } from './stream';

export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;
export const plinkoRisks = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof plinkoRisks)[number];

/**
 * A full table (bucket 0 … rows, in basis points) from its edge-to-middle half, written as decimals
 * for reading; for even `rows` the last value is the single middle bucket. Decimal → basis points is
 * exact here (Math.round of values with at most two decimals).
 */
function mirror(rows: number, edgeToMiddle: number[]): number[] {
  const left = edgeToMiddle.map((m) => Math.round(m * BP));
  const right = [...left].reverse();
  const table = rows % 2 === 0 ? [...left, ...right.slice(1)] : [...left, ...right];
  if (table.length !== rows + 1) throw new Error(`plinko table for ${rows} rows needs ${rows + 1} buckets`);
  return table;
}

export const plinkoTables: Readonly<Record<number, Readonly<Record<PlinkoRisk, readonly number[]>>>> = {
  8: {
    low: mirror(8, [5, 2.3, 1.5, 0.75, 0.55]),
    medium: mirror(8, [12, 3.4, 1.5, 0.5, 0.5]),
    high: mirror(8, [28, 4.9, 0.95, 0.4, 0.3]),
  },
  9: {
    low: mirror(9, [6.5, 3.2, 1.8, 1, 0.55]),
    medium: mirror(9, [15, 5.1, 1.9, 0.8, 0.45]),
    high: mirror(9, [43, 7.6, 1.9, 0.5, 0.25]),
  },
  10: {
    low: mirror(10, [8, 4.1, 2.1, 1.4, 0.6, 0.55]),
    medium: mirror(10, [21, 6.7, 2.7, 1.2, 0.55, 0.3]),
    high: mirror(10, [69, 13, 2.6, 0.75, 0.3, 0.3]),
  },
  11: {
    low: mirror(11, [9.5, 4.7, 2.6, 1.6, 0.95, 0.5]),
    medium: mirror(11, [28, 9.4, 3.5, 1.6, 0.8, 0.35]),
    high: mirror(11, [100, 20, 4.5, 1.3, 0.35, 0.25]),
  },
  12: {
    low: mirror(12, [11, 5.7, 3.4, 2, 1.1, 0.7, 0.4]),
    medium: mirror(12, [37, 11, 4.7, 1.9, 0.95, 0.6, 0.4]),
    high: mirror(12, [170, 32, 6.6, 1.8, 0.55, 0.35, 0.2]),
  },
  13: {
    low: mirror(13, [12, 6.6, 3.8, 2.3, 1.5, 0.9, 0.45]),
    medium: mirror(13, [49, 18, 6.1, 2.8, 1.3, 0.75, 0.35]),
    high: mirror(13, [260, 45, 12, 2.9, 1, 0.3, 0.2]),
  },
  14: {
    low: mirror(14, [14, 8, 4.5, 2.6, 1.8, 1.2, 0.55, 0.45]),
    medium: mirror(14, [66, 23, 8.7, 3.6, 1.8, 0.9, 0.5, 0.3]),
    high: mirror(14, [410, 76, 18, 4.4, 1.5, 0.4, 0.25, 0.2]),
  },
  15: {
    low: mirror(15, [15, 8.6, 4.9, 3.2, 2, 1.3, 0.85, 0.5]),
    medium: mirror(15, [88, 29, 12, 4.7, 2.3, 1.3, 0.6, 0.35]),
    high: mirror(15, [650, 100, 23, 6.7, 1.9, 0.8, 0.4, 0.25]),
  },
  16: {
    low: mirror(16, [17, 11, 6.1, 3.9, 2.4, 1.5, 1, 0.6, 0.55]),
    medium: mirror(16, [110, 40, 14, 6.3, 3, 1.3, 0.8, 0.5, 0.5]),
    high: mirror(16, [1000, 190, 41, 10, 3, 1.2, 0.45, 0.2, 0.2]),
  },
};

function assertRows(rows: number): void {
  if (!Number.isInteger(rows) || rows < PLINKO_MIN_ROWS || rows > PLINKO_MAX_ROWS)
    throw new RangeError('rows must be 8–16');
}

export function plinkoTable(rows: number, risk: PlinkoRisk): readonly number[] {
  assertRows(rows);
  const table = plinkoTables[rows]?.[risk];
  if (!table) throw new RangeError('unknown plinko risk');
  return table;
}

export interface PlinkoResult {
  /** 0 = left, 1 = right, one per row, top to bottom. */
  path: number[];
  /** Bucket 0 … rows, counted from the left. */
  bucket: number;
  multiplierBp: number;
}

export function playPlinko(stream: FloatStream, rows: number, risk: PlinkoRisk): PlinkoResult {
  const table = plinkoTable(rows, risk);
  const path = Array.from({ length: rows }, () => (stream.nextUint32() >= 0x80000000 ? 1 : 0));
  const bucket = path.reduce<number>((a, b) => a + b, 0);
  return { path, bucket, multiplierBp: table[bucket] as number };
}

/** Exact RTP of a table: Σ C(rows, b) · multiplier_b / (2^rows · 10,000). */
export function plinkoRtp(rows: number, risk: PlinkoRisk): Rational {
  const table = plinkoTable(rows, risk);
  let sum = 0n;
  let c = 1n; // C(rows, b), updated along b
  table.forEach((m, b) => {
    sum += c * BigInt(m);
    c = (c * BigInt(rows - b)) / BigInt(b + 1);
  });
  return rational(sum, 2n ** BigInt(rows) * BigInt(BP));
}
