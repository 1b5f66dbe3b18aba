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
 * RTP: video-slot-rtp.ts (exact, from the strips; and a walk of every base-game stop combination).
 */
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
export const WILD = 8;
export const SCATTER = 9;

/** A config in the arrays the spins (and the RTP analysis in video-slot-rtp.ts) evaluate. */
export interface Compiled {
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
export function compiled(config: VideoSlotConfig): Compiled {
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
