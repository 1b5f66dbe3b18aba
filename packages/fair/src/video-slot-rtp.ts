/**
 * The RTP analysis of the video slot ("Fruit Fiesta", rules in video-slot.ts): the exact RTP from
 * the strips' symbol counts, and a walk of all 32^5 base-game stop combinations that the tests and
 * bench:rtp use to check it and to get the exact variance. Not needed to play a round.
 *
 * RTP. `theoreticalRtp()` is exact (bigint fractions): by linearity of expectation each payline's
 * expected win depends only on the symbol counts of each strip; the scatter count is a sum of
 * independent per-reel indicators. Free spins: every spin is an independent copy of the base spin, so
 * with p = P(3+ scatters) and A = 10 spins per award, the expected number of free spins of one award
 * is A / (1 − A·p) (each free spin retriggers with probability p), and by Wald's identity the feature
 * is worth p · A/(1 − A·p) · 3 · E[base win] per paid spin.
 */
import { add, div, mul, type Rational, rational, sub, toNumber } from './rational';
import {
  compiled,
  LINES,
  payingSymbols,
  REELS,
  ROWS,
  SCATTER,
  STRIP_LENGTH,
  type VideoSlotConfig,
  videoSlot,
  WILD,
} from './video-slot';

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
