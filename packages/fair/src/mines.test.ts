import { describe, expect, it } from 'vitest';
import { CLIENT_SEED, referenceBetFloats, SERVER_SEED } from '../test/reference';
import { minePositions, minesMultiplierBp, minesSurvivalChance } from './mines';
import { play, SimulationStream } from './node';

const bet = (nonce: number) => ({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce });

/** Fisher–Yates written out again over the reference floats. */
function referenceMines(nonce: number, mines: number): number[] {
  const floats = referenceBetFloats(nonce, mines);
  const tiles = Array.from({ length: 25 }, (_, i) => i);
  for (let i = 0; i < mines; i++) {
    const j = i + Math.floor((floats[i] as number) * (25 - i));
    [tiles[i], tiles[j]] = [tiles[j] as number, tiles[i] as number];
  }
  return tiles.slice(0, mines);
}

describe('mines', () => {
  it('places mines by Fisher–Yates from the stream (known vectors, recomputed independently)', () => {
    expect(play(bet(0), (s) => minePositions(s, 3))).toEqual([16, 14, 24]);
    expect(play(bet(1), (s) => minePositions(s, 3))).toEqual([23, 1, 17]);
    const all = play(bet(0), (s) => minePositions(s, 24));
    expect(all).toEqual([
      16, 14, 24, 10, 17, 7, 21, 2, 6, 11, 20, 8, 9, 15, 18, 23, 1, 4, 5, 12, 22, 0, 13, 3,
    ]);
    for (const n of [0, 1, 2, 3])
      for (const m of [1, 3, 10, 24])
        expect(play(bet(n), (s) => minePositions(s, m))).toEqual(referenceMines(n, m));
    expect(new Set(all).size).toBe(24);
    expect(() => play(bet(0), (s) => minePositions(s, 0))).toThrow();
    expect(() => play(bet(0), (s) => minePositions(s, 25))).toThrow();
  });

  it('pays 0.99 · C(25, k) / C(25 − m, k), in basis points rounded down', () => {
    expect(minesMultiplierBp(1, 1)).toBe(10312); // 0.99 · 25/24 = 1.03125
    expect(minesMultiplierBp(3, 5)).toBe(19973); // 0.99 · 53130/26334
    expect(minesMultiplierBp(24, 1)).toBe(247500); // 0.99 · 25
    expect(minesMultiplierBp(1, 24)).toBe(247500);
    expect(minesMultiplierBp(12, 13)).toBe(51_482_970_000); // 0.99 · C(25,13) = 5,148,297×
    expect(() => minesMultiplierBp(3, 23)).toThrow();
    expect(() => minesMultiplierBp(3, 0)).toThrow();
  });

  it('every cash-out returns at most 99% and more than 98.99% (exact)', () => {
    for (let m = 1; m <= 24; m++)
      for (let k = 1; k <= 25 - m; k++) {
        const [num, den] = minesSurvivalChance(m, k);
        const ev = Number((num * BigInt(minesMultiplierBp(m, k)) * 10n ** 12n) / (den * 10_000n)) / 1e12;
        expect(ev).toBeLessThanOrEqual(0.99);
        expect(ev).toBeGreaterThan(0.9899);
      }
  });

  it('puts a mine on every tile equally often (5 mines, 40,000 boards)', () => {
    const sim = new SimulationStream(SERVER_SEED, 'mines-sim');
    const n = 40_000;
    const hits = new Array<number>(25).fill(0);
    for (let i = 0; i < n; i++)
      for (const t of minePositions(sim.reset(i), 5)) hits[t] = (hits[t] as number) + 1;
    const sd = Math.sqrt(n * 0.2 * 0.8);
    for (const h of hits) expect(Math.abs(h - n * 0.2)).toBeLessThan(5 * sd);
  });
});
