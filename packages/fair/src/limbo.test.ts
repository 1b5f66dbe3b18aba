import { describe, expect, it } from 'vitest';
import { CLIENT_SEED, referenceBetFloats, SERVER_SEED } from '../test/reference';
import { LIMBO_MAX_TARGET, limboResult, limboWinCount, playLimbo } from './limbo';
import { play, SimulationStream } from './node';
import { type FloatStream, TWO_POW_32 } from './stream';

const bet = (nonce: number) => ({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce });
const fixed = (u: number): FloatStream => ({ nextUint32: () => u, nextFloat: () => u / TWO_POW_32 });

describe('limbo', () => {
  it('draws max(1, floor(99 / (1 − float)) / 100) (known vectors, recomputed independently)', () => {
    const results = [0, 1, 2, 3, 4].map((n) => play(bet(n), limboResult));
    expect(results).toEqual([300, 1509, 281, 100, 190]);
    results.forEach((result, n) => {
      const u = BigInt((referenceBetFloats(n, 1)[0] as number) * 2 ** 32);
      const q = (99n * 2n ** 32n) / (2n ** 32n - u);
      expect(result).toBe(Number(q < 100n ? 100n : q));
    });
    expect(play(bet(0), (s) => playLimbo(s, 200))).toEqual({
      result: 300,
      win: true,
      multiplierHundredths: 200,
    });
    expect(play(bet(4), (s) => playLimbo(s, 200)).win).toBe(false);
    expect(() => playLimbo(fixed(0), 100)).toThrow();
    expect(() => playLimbo(fixed(0), LIMBO_MAX_TARGET + 1)).toThrow();
  });

  it('wins exactly on the count of stream values given by limboWinCount, so RTP ≤ 99%', () => {
    for (const target of [101, 150, 200, 333, 1000, 12345, 1_000_000, LIMBO_MAX_TARGET]) {
      const count = limboWinCount(target);
      const firstWinning = TWO_POW_32 - count; // results grow with u: the winners are the top `count` values
      expect(limboResult(fixed(firstWinning))).toBeGreaterThanOrEqual(target);
      expect(limboResult(fixed(firstWinning - 1))).toBeLessThan(target);
      const rtp = (count / TWO_POW_32) * (target / 100);
      expect(rtp).toBeLessThanOrEqual(0.99);
      expect(rtp).toBeGreaterThan(0.9899);
    }
    expect(limboResult(fixed(0))).toBe(100);
    expect(limboResult(fixed(TWO_POW_32 - 1))).toBe(99 * TWO_POW_32);
  });

  it('simulated P(result ≥ 2×) over 10^6 draws is 0.495 within 5 standard errors', () => {
    const sim = new SimulationStream(SERVER_SEED, 'limbo-sim');
    const n = 1_000_000;
    let wins = 0;
    for (let i = 0; i < n; i++) if (limboResult(sim.reset(i)) >= 200) wins++;
    expect(Math.abs(wins / n - 0.495)).toBeLessThan(5 * Math.sqrt((0.495 * 0.505) / n));
  });
});
