/**
 * "Fruit Fiesta": a 5-reel, 3-row video slot with 10 paylines, a wild, a scatter and free spins.
 *
 * Rules
 * - Each reel is a strip of 32 symbols; a spin picks each reel's stop with floor(float · 32), exactly
 *   uniform because 32 divides 2^32. Row k (0 = top) of a reel shows strip[(stop + k) mod 32].
 * - A payline pays the symbol on reel 1 when it lies on 3, 4 or 5 consecutive reels from the left;
 *   'wild' (reels 2–4 only) stands for any paying symbol. Pays are in line bets; the total bet is 10
 *   line bets. Reel 1 never shows a wild, so the first symbol always names the line's symbol.
 * - 'scatter' pays anywhere: 3, 4, 5 scatters (at most one per reel) pay a multiple of the total bet
 *   and award 10 free spins. Free spins use the same reels, pay ×3 (scatter pays too) and 3+ scatters
 *   in a free spin award 10 more (no cap: the expectation below is exact for an unbounded retrigger).
 *
 * Money. A round's win is an integer number of "units" (line bets); the total bet is `LINES` units,
 * so the payout of a stake is floor(stake · units / 10) — exact whenever the stake is a multiple of 10
 * minor units, otherwise always rounded down (the same way for every player).
 *
 * RTP. `theoreticalRtp()` is exact (bigint fractions): by linearity of expectation each payline's
 * expected win depends only on the symbol counts of each strip; the scatter count is a sum of
 * independent per-reel indicators. Free spins: every spin is an independent copy of the base spin, so
 * with p = P(3+ scatters) and A = 10 spins per award, the expected number of free spins of one award
 * is A / (1 − A·p) (each free spin retriggers with probability p), and by Wald's identity the feature
 * is worth p · A/(1 − A·p) · 3 · E[base win] per paid spin. `enumerateBaseGame()` walks all 32^5
 * stop combinations and the tests check it gives the very same fraction, and the exact variance.
 */
import { add, div, mul, type Rational, rational, sub, toNumber } from './rational';
import { type FloatStream, nextInt } from './stream';

export const payingSymbols = ['cherry', 'lemon', 'orange', 'plum', 'grape', 'bell', 'bar', 'seven'] as const;
export type PayingSymbol = (typeof payingSymbols)[number];
export type VideoSymbol = PayingSymbol | 'wild' | 'scatter';
export const videoSymbols: readonly VideoSymbol[] = [...payingSymbols, 'wild', 'scatter'];

export const REELS = 5;
export const ROWS = 3;
export const STRIP_LENGTH = 32;
export const LINES = 10;

export interface VideoSlotConfig {
  /** Five strips of `STRIP_LENGTH` symbols. */
  reels: readonly (readonly VideoSymbol[])[];
  /** Pays in line bets for 3, 4 and 5 of a kind. */
  paytable: Readonly<Record<PayingSymbol, readonly [number, number, number]>>;
  /** Row (0 = top) on each reel, per payline. */
  lines: readonly (readonly number[])[];
  /** Pays in total bets for 3, 4 and 5 scatters anywhere. */
  scatterPays: readonly [number, number, number];
  freeSpins: { award: number; multiplier: number };
}

/** The 10 paylines (rows per reel, 0 = top). Line 1 is the middle row. */
export const videoLines: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 2, 1, 0, 1],
];

// Strips: generated once from per-reel symbol counts (each symbol spread evenly round the strip),
// then frozen here. Reels 1 and 5: cherry 7, lemon 6, orange 5, plum 4, grape 3, bell 3, bar 2,
// seven 1, scatter 1. Reels 2–4: cherry 6, lemon 6, orange 5, plum 4, grape 3, bell 2, bar 2, seven 1,
// wild 2, scatter 1. With the pays below the exact RTP is 95.9937% (see the tests); the standard
// deviation of one round's return is about 3.25 stakes.
/** One letter per symbol, so a strip fits on a line. */
const code: Readonly<Record<string, VideoSymbol>> = {
  C: 'cherry',
  L: 'lemon',
  O: 'orange',
  P: 'plum',
  G: 'grape',
  B: 'bell',
  R: 'bar',
  S: 'seven',
  W: 'wild',
  X: 'scatter',
};
const strip = (letters: string): VideoSymbol[] => Array.from(letters, (l) => code[l] as VideoSymbol);

export const videoSlot: VideoSlotConfig = {
  reels: [
    strip('CLOXCPLGBCORLCPOGLCBPOCLRSGCLOPB'),
    strip('CWLOPXCLGOBCLPRWCOLGPSCLOBRCLOPG'),
    strip('GCLXOPCGLBORCLPWOCLGSPCOLBRWCLOP'),
    strip('PWCLOXPCLGBOCRLPWOCLGSPCLOBRCGLO'),
    strip('OPCBLOPCGLBCORLPCSOGLCPBOCLRXGCL'),
  ],
  paytable: {
    cherry: [10, 20, 50],
    lemon: [10, 25, 60],
    orange: [10, 30, 80],
    plum: [15, 40, 100],
    grape: [20, 55, 150],
    bell: [25, 75, 200],
    bar: [40, 100, 400],
    seven: [50, 200, 1000],
  },
  lines: videoLines,
  scatterPays: [2, 10, 50],
  freeSpins: { award: 10, multiplier: 3 },
};

/** Checks the structural rules the maths relies on; throws with the first violation. */
export function validateVideoSlot(config: VideoSlotConfig = videoSlot): void {
  if (config.reels.length !== REELS) throw new Error(`need ${REELS} reels`);
  config.reels.forEach((strip, r) => {
    if (strip.length !== STRIP_LENGTH)
      throw new Error(`reel ${r + 1}: strip must have ${STRIP_LENGTH} stops`);
    if (r === 0 && strip.includes('wild')) throw new Error('reel 1 must not carry a wild');
    // At most one scatter can be visible on a reel: scatters are at least ROWS stops apart (cyclically).
    const at = strip.flatMap((s, i) => (s === 'scatter' ? [i] : []));
    for (let i = 0; i < at.length; i++) {
      const gap = ((at[(i + 1) % at.length] as number) - (at[i] as number) + STRIP_LENGTH) % STRIP_LENGTH;
      if (at.length > 1 && gap < ROWS) throw new Error(`reel ${r + 1}: scatters closer than ${ROWS} stops`);
    }
  });
  if (config.lines.some((line) => line.length !== REELS || line.some((row) => row < 0 || row >= ROWS)))
    throw new Error('bad payline');
}

/** Symbol indices for fast evaluation: paying symbols 0–7, wild 8, scatter 9. */
const WILD = 8;
const SCATTER = 9;

interface Compiled {
  /** strip[r][i] as symbol indices. */
  strips: Int8Array[];
  /** pay[s * 6 + k] = line pay for k of symbol s (0 for k < 3). */
  pay: Int32Array;
  lines: Int8Array[];
  /** Scatter pays in units (line bets), indexed by scatter count 0–5. */
  scatterUnits: Int32Array;
}

function compile(config: VideoSlotConfig): Compiled {
  const index = (s: VideoSymbol) => videoSymbols.indexOf(s);
  const pay = new Int32Array(payingSymbols.length * 6);
  payingSymbols.forEach((s, i) => {
    const [p3, p4, p5] = config.paytable[s];
    pay[i * 6 + 3] = p3;
    pay[i * 6 + 4] = p4;
    pay[i * 6 + 5] = p5;
  });
  const scatterUnits = new Int32Array(REELS + 1);
  config.scatterPays.forEach((p, i) => {
    scatterUnits[i + 3] = p * LINES;
  });
  return {
    strips: config.reels.map((strip) => Int8Array.from(strip, index)),
    pay,
    lines: config.lines.map((line) => Int8Array.from(line)),
    scatterUnits,
  };
}

const compiledCache = new WeakMap<VideoSlotConfig, Compiled>();
function compiled(config: VideoSlotConfig): Compiled {
  let c = compiledCache.get(config);
  if (!c) {
    validateVideoSlot(config);
    c = compile(config);
    compiledCache.set(config, c);
  }
  return c;
}

export interface LineWin {
  /** 1-based payline number. */
  line: number;
  symbol: PayingSymbol;
  /** 3, 4 or 5 reels from the left. */
  count: number;
  /** Win in line bets, multiplier included. */
  units: number;
}

export interface VideoSpin {
  stops: number[];
  /** window[reel][row]. */
  window: VideoSymbol[][];
  lineWins: LineWin[];
  scatters: number;
  /** Scatter win in units (line bets), multiplier included. */
  scatterUnits: number;
  /** 1 in the base game, the free-spin multiplier in free spins. */
  multiplier: number;
  /** Line plus scatter win of this spin, in units. */
  units: number;
  /** Free spins this spin awards (0 or the award). */
  freeSpinsAwarded: number;
}

export interface VideoRound {
  base: VideoSpin;
  freeSpins: VideoSpin[];
  /** Whole round's win in units; the stake is `LINES` units. */
  totalUnits: number;
}

/** Line wins and scatters of one window, given stops; `multiplier` 1 (base) or 3 (free spin). */
export function evaluateStops(
  stops: readonly number[],
  multiplier = 1,
  config: VideoSlotConfig = videoSlot,
): VideoSpin {
  const c = compiled(config);
  const grid: number[][] = c.strips.map((strip, r) =>
    Array.from({ length: ROWS }, (_, k) => strip[((stops[r] as number) + k) % STRIP_LENGTH] as number),
  );
  const lineWins: LineWin[] = [];
  let units = 0;
  c.lines.forEach((line, li) => {
    const first = (grid[0] as number[])[line[0] as number] as number;
    if (first === SCATTER) return;
    let count = 1;
    while (count < REELS) {
      const s = (grid[count] as number[])[line[count] as number] as number;
      if (s !== first && s !== WILD) break;
      count++;
    }
    const pay = c.pay[first * 6 + count] as number;
    if (pay > 0) {
      lineWins.push({
        line: li + 1,
        symbol: payingSymbols[first] as PayingSymbol,
        count,
        units: pay * multiplier,
      });
      units += pay * multiplier;
    }
  });
  let scatters = 0;
  for (const column of grid) if (column.includes(SCATTER)) scatters++;
  const scatterUnits = (c.scatterUnits[scatters] as number) * multiplier;
  return {
    stops: [...stops],
    window: grid.map((column) => column.map((s) => videoSymbols[s] as VideoSymbol)),
    lineWins,
    scatters,
    scatterUnits,
    multiplier,
    units: units + scatterUnits,
    freeSpinsAwarded: scatters >= 3 ? config.freeSpins.award : 0,
  };
}

/** Reads five reel stops from the stream (one number each). */
export function readStops(stream: FloatStream): number[] {
  const stops = new Array<number>(REELS);
  for (let r = 0; r < REELS; r++) stops[r] = nextInt(stream, STRIP_LENGTH);
  return stops;
}

/** One paid round: the base spin, then every free spin it awards (retriggers included), in order. */
export function spin(stream: FloatStream, config: VideoSlotConfig = videoSlot): VideoRound {
  const base = evaluateStops(readStops(stream), 1, config);
  const freeSpins: VideoSpin[] = [];
  let totalUnits = base.units;
  let remaining = base.freeSpinsAwarded;
  while (remaining > 0) {
    const fs = evaluateStops(readStops(stream), config.freeSpins.multiplier, config);
    freeSpins.push(fs);
    totalUnits += fs.units;
    remaining += fs.freeSpinsAwarded - 1;
  }
  return { base, freeSpins, totalUnits };
}

/**
 * The same round as `spin`, reduced to its total win in units, without building the result objects:
 * for simulations of 10^8 rounds. The tests check it agrees with `spin` on every round they play.
 */
export function spinUnits(stream: FloatStream, config: VideoSlotConfig = videoSlot): number {
  const c = compiled(config);
  const { strips, pay, lines, scatterUnits } = c;
  let total = 0;
  let remaining = 1;
  let multiplier = 1;
  let isBase = true;
  const stops = scratchStops;
  // `& 31` is `% STRIP_LENGTH` (validateVideoSlot holds every strip at 32 stops).
  while (remaining > 0) {
    for (let r = 0; r < REELS; r++) stops[r] = nextInt(stream, STRIP_LENGTH);
    let units = 0;
    for (let li = 0; li < lines.length; li++) {
      const line = lines[li] as Int8Array;
      const first = (strips[0] as Int8Array)[((stops[0] as number) + (line[0] as number)) & 31] as number;
      if (first === SCATTER) continue;
      let count = 1;
      while (count < REELS) {
        const s = (strips[count] as Int8Array)[
          ((stops[count] as number) + (line[count] as number)) & 31
        ] as number;
        if (s !== first && s !== WILD) break;
        count++;
      }
      units += pay[first * 6 + count] as number;
    }
    let scatters = 0;
    for (let r = 0; r < REELS; r++) {
      const strip = strips[r] as Int8Array;
      const st = stops[r] as number;
      if (strip[st] === SCATTER || strip[(st + 1) & 31] === SCATTER || strip[(st + 2) & 31] === SCATTER)
        scatters++;
    }
    total += (units + (scatterUnits[scatters] as number)) * multiplier;
    remaining += (scatters >= 3 ? config.freeSpins.award : 0) - 1;
    if (isBase) {
      isBase = false;
      multiplier = config.freeSpins.multiplier;
    }
  }
  return total;
}
const scratchStops = new Int32Array(REELS);

/** Payout of a round in minor units: floor(stake · units / LINES). */
export function videoPayout(stakeMinor: bigint, totalUnits: number): bigint {
  return (stakeMinor * BigInt(totalUnits)) / BigInt(LINES);
}

export interface VideoSlotRtp {
  /** Return to player of the whole game (base + free spins), as a fraction of the stake. */
  rtp: Rational;
  /** Parts of the RTP: base-game lines, base-game scatters, free-spin feature. */
  baseLines: Rational;
  baseScatters: Rational;
  freeSpins: Rational;
  /** P(3+ scatters) on one spin. */
  triggerProbability: Rational;
  /** Expected free spins per award, retriggers included: A / (1 − A·p). */
  expectedFreeSpins: Rational;
  /** Expected win of one base spin, in units. */
  baseSpinUnits: Rational;
}

/**
 * Exact RTP from the strips' symbol counts (see the file comment). Pure bigint arithmetic; a
 * payline's expected win is the same for every payline, since each row of a uniformly stopped strip
 * shows each symbol with the strip's frequency.
 */
export function theoreticalRtp(config: VideoSlotConfig = videoSlot): VideoSlotRtp {
  const c = compiled(config);
  const n = BigInt(STRIP_LENGTH);
  const total = n ** BigInt(REELS);
  const count = (r: number, sym: number) =>
    BigInt((c.strips[r] as Int8Array).filter((s) => s === sym).length);

  // Σ over all stop combinations of one payline's win, in units.
  let lineSum = 0n;
  for (let s = 0; s < payingSymbols.length; s++) {
    const m = [count(0, s), ...[1, 2, 3, 4].map((r) => count(r, s) + count(r, WILD))] as bigint[];
    const pay = (k: number) => BigInt(c.pay[s * 6 + k] as number);
    const [m1, m2, m3, m4, m5] = m as [bigint, bigint, bigint, bigint, bigint];
    lineSum += m1 * m2 * m3 * (n - m4) * n * pay(3); // exactly 3: reel 4 breaks the run, reel 5 free
    lineSum += m1 * m2 * m3 * m4 * (n - m5) * pay(4);
    lineSum += m1 * m2 * m3 * m4 * m5 * pay(5);
  }
  const baseLinesUnits = rational(lineSum * BigInt(c.lines.length), total);

  // Number of stop combinations showing k scatters: convolution of per-reel visibility.
  let ways: bigint[] = [1n];
  for (let r = 0; r < REELS; r++) {
    const visible = count(r, SCATTER) * BigInt(ROWS); // scatters are ≥ ROWS apart: never two in view
    const next = new Array<bigint>(ways.length + 1).fill(0n);
    ways.forEach((w, k) => {
      next[k] = (next[k] as bigint) + w * (n - visible);
      next[k + 1] = (next[k + 1] as bigint) + w * visible;
    });
    ways = next;
  }
  let scatterSum = 0n;
  let triggers = 0n;
  ways.forEach((w, k) => {
    scatterSum += w * BigInt(c.scatterUnits[k] as number);
    if (k >= 3) triggers += w;
  });
  const baseScatterUnits = rational(scatterSum, total);
  const p = rational(triggers, total);
  return rtpFromParts(config, baseLinesUnits, baseScatterUnits, p);
}

function rtpFromParts(
  config: VideoSlotConfig,
  baseLinesUnits: Rational,
  baseScatterUnits: Rational,
  p: Rational,
): VideoSlotRtp {
  const award = rational(config.freeSpins.award);
  const expectedFreeSpins = div(award, sub(rational(1), mul(award, p)));
  const baseSpinUnits = add(baseLinesUnits, baseScatterUnits);
  const featureUnits = mul(
    mul(p, expectedFreeSpins),
    mul(rational(config.freeSpins.multiplier), baseSpinUnits),
  );
  const stake = rational(LINES);
  return {
    rtp: div(add(baseSpinUnits, featureUnits), stake),
    baseLines: div(baseLinesUnits, stake),
    baseScatters: div(baseScatterUnits, stake),
    freeSpins: div(featureUnits, stake),
    triggerProbability: p,
    expectedFreeSpins,
    baseSpinUnits,
  };
}

export interface BaseGameEnumeration {
  /** Number of stop combinations: 32^5. */
  combinations: bigint;
  /** Σ of base-spin wins (units), Σ of their squares, combinations with 3+ scatters, Σ of wins on those. */
  sumUnits: bigint;
  sumSquares: bigint;
  triggers: bigint;
  sumUnitsOnTrigger: bigint;
  /** Σ of line wins and of scatter wins separately (units). */
  sumLineUnits: bigint;
  sumScatterUnits: bigint;
}

/**
 * Every one of the 32^5 = 33,554,432 stop combinations of a base spin, evaluated like a real spin.
 * A few seconds; sums are accumulated per reel-1 stop in doubles (exact: far below 2^53) and then
 * in bigint.
 */
export function enumerateBaseGame(config: VideoSlotConfig = videoSlot): BaseGameEnumeration {
  const c = compiled(config);
  const { strips, pay, lines, scatterUnits } = c;
  const n = STRIP_LENGTH;
  // window symbol at reel r, stop s, row k
  const win = strips.map((strip) => {
    const a = new Int8Array(n * ROWS);
    for (let s = 0; s < n; s++) for (let k = 0; k < ROWS; k++) a[s * ROWS + k] = strip[(s + k) % n] as number;
    return a;
  });
  const scat = strips.map((strip) => {
    const a = new Int8Array(n);
    for (let s = 0; s < n; s++)
      a[s] = strip[s] === SCATTER || strip[(s + 1) % n] === SCATTER || strip[(s + 2) % n] === SCATTER ? 1 : 0;
    return a;
  });
  const [w0, w1, w2, w3, w4] = win as [Int8Array, Int8Array, Int8Array, Int8Array, Int8Array];
  const [c0, c1, c2, c3, c4] = scat as [Int8Array, Int8Array, Int8Array, Int8Array, Int8Array];
  const lineRows = lines.map((l) => Array.from(l));
  const nl = lineRows.length;
  const r0 = Int32Array.from(lineRows, (l) => l[0] as number);
  const r1 = Int32Array.from(lineRows, (l) => l[1] as number);
  const r2 = Int32Array.from(lineRows, (l) => l[2] as number);
  const r3 = Int32Array.from(lineRows, (l) => l[3] as number);
  const r4 = Int32Array.from(lineRows, (l) => l[4] as number);
  const result: BaseGameEnumeration = {
    combinations: BigInt(n) ** BigInt(REELS),
    sumUnits: 0n,
    sumSquares: 0n,
    triggers: 0n,
    sumUnitsOnTrigger: 0n,
    sumLineUnits: 0n,
    sumScatterUnits: 0n,
  };
  for (let a = 0; a < n; a++) {
    let sum = 0;
    let sq = 0;
    let trig = 0;
    let sumTrig = 0;
    let sumLine = 0;
    let sumScat = 0;
    for (let b = 0; b < n; b++)
      for (let d = 0; d < n; d++)
        for (let e = 0; e < n; e++)
          for (let f = 0; f < n; f++) {
            let units = 0;
            for (let li = 0; li < nl; li++) {
              const first = w0[a * 3 + (r0[li] as number)] as number;
              if (first === SCATTER) continue;
              let s = w1[b * 3 + (r1[li] as number)] as number;
              if (s !== first && s !== WILD) continue;
              s = w2[d * 3 + (r2[li] as number)] as number;
              if (s !== first && s !== WILD) continue;
              s = w3[e * 3 + (r3[li] as number)] as number;
              if (s !== first && s !== WILD) {
                units += pay[first * 6 + 3] as number;
                continue;
              }
              s = w4[f * 3 + (r4[li] as number)] as number;
              units += pay[first * 6 + (s !== first && s !== WILD ? 4 : 5)] as number;
            }
            const scatters =
              (c0[a] as number) +
              (c1[b] as number) +
              (c2[d] as number) +
              (c3[e] as number) +
              (c4[f] as number);
            const sc = scatterUnits[scatters] as number;
            const total = units + sc;
            sumLine += units;
            sumScat += sc;
            sum += total;
            sq += total * total;
            if (scatters >= 3) {
              trig++;
              sumTrig += total;
            }
          }
    result.sumUnits += BigInt(sum);
    result.sumSquares += BigInt(sq);
    result.triggers += BigInt(trig);
    result.sumUnitsOnTrigger += BigInt(sumTrig);
    result.sumLineUnits += BigInt(sumLine);
    result.sumScatterUnits += BigInt(sumScat);
  }
  return result;
}

/** Exact RTP and per-round variance (in stakes²) from a full enumeration of the base game. */
export function exactStatsFromEnumeration(
  e: BaseGameEnumeration,
  config: VideoSlotConfig = videoSlot,
): VideoSlotRtp & { variance: Rational } {
  const N = e.combinations;
  const parts = rtpFromParts(
    config,
    rational(e.sumLineUnits, N),
    rational(e.sumScatterUnits, N),
    rational(e.triggers, N),
  );
  // Variance of one paid round. W: a spin's line + scatter win; I: its 3+-scatter indicator;
  // S: the unmultiplied win of one award of A free spins; M: the free-spin multiplier. A round is
  // T = W₀ + M·I₀·S. An award is A independent spins, each worth Y = W + I·S' (a retrigger starts
  // an independent copy S' of an award), so E[S] = A·E[Y], E[S²] = A·E[Y²] + A(A − 1)·E[Y]², and
  // E[Y²] = E[W²] + 2·E[W·I]·E[S] + p·E[S²]; solving for E[S²] gives the line below.
  const A = rational(config.freeSpins.award);
  const M = rational(config.freeSpins.multiplier);
  const p = rational(e.triggers, N);
  const EW = rational(e.sumUnits, N);
  const EW2 = rational(e.sumSquares, N);
  const EWI = rational(e.sumUnitsOnTrigger, N);
  const one = rational(1);
  const ES = div(mul(A, EW), sub(one, mul(A, p)));
  const EY = div(ES, A);
  // E[S²](1 − A·p) = A·E[W²] + 2A·E[W·I]·E[S] + A(A − 1)·E[Y]²
  const ES2 = div(
    add(add(mul(A, EW2), mul(mul(rational(2), A), mul(EWI, ES))), mul(mul(A, sub(A, one)), mul(EY, EY))),
    sub(one, mul(A, p)),
  );
  const ET = add(EW, mul(mul(M, p), ES));
  const ET2 = add(add(EW2, mul(mul(rational(2), M), mul(EWI, ES))), mul(mul(mul(M, M), p), ES2));
  const stake2 = rational(LINES * LINES);
  return { ...parts, variance: div(sub(ET2, mul(ET, ET)), stake2) };
}

/** Standard deviation of one round's return, in stakes (for sizing simulations). */
export function standardDeviation(variance: Rational): number {
  return Math.sqrt(toNumber(variance));
}
