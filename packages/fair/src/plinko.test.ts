import { describe, expect, it } from 'vitest';
import { CLIENT_SEED, referenceBetFloats, SERVER_SEED } from '../test/reference';
import { play, SimulationStream } from './node';
import { playPlinko, plinkoRisks, plinkoRtp, plinkoTable } from './plinko';
import { toNumber, toPercentString } from './rational';

const bet = (nonce: number) => ({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce });

describe('plinko', () => {
  it('drops left/right by floor(float · 2) per row (known vectors, recomputed independently)', () => {
    const r = play(bet(0), (s) => playPlinko(s, 16, 'high'));
    expect(r).toEqual({
      path: [1, 1, 1, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 0, 1],
      bucket: 11,
      multiplierBp: 12000,
    });
    expect(play(bet(1), (s) => playPlinko(s, 8, 'low'))).toEqual({
      path: [1, 0, 1, 1, 1, 0, 0, 0],
      bucket: 4,
      multiplierBp: 5500,
    });
    for (const n of [0, 1, 2, 3]) {
      const path = referenceBetFloats(n, 12).map((f) => Math.floor(f * 2));
      expect(play(bet(n), (s) => playPlinko(s, 12, 'medium')).path).toEqual(path);
    }
    expect(() => play(bet(0), (s) => playPlinko(s, 7, 'low'))).toThrow();
    expect(() => play(bet(0), (s) => playPlinko(s, 17, 'low'))).toThrow();
  });

  it('every table is symmetric, rises from the middle and has an exact RTP in [98.85%, 99.00%]', () => {
    const report: string[] = [];
    for (let rows = 8; rows <= 16; rows++)
      for (const risk of plinkoRisks) {
        const t = plinkoTable(rows, risk);
        expect(t).toHaveLength(rows + 1);
        expect([...t].reverse()).toEqual(t);
        for (let b = 0; b < Math.floor(rows / 2); b++)
          expect(t[b] as number).toBeGreaterThanOrEqual(t[b + 1] as number);
        for (const m of t) expect(Number.isInteger(m) && m > 0).toBe(true);
        const rtp = plinkoRtp(rows, risk);
        expect(toNumber(rtp)).toBeLessThanOrEqual(0.99);
        expect(toNumber(rtp)).toBeGreaterThanOrEqual(0.9885);
        report.push(`${rows} ${risk} ${toPercentString(rtp, 4)}%`);
      }
    expect(report).toHaveLength(27);
    // The exact figure of one table, written out: 8 rows low = Σ C(8,b)·m_b / 256.
    const low8 = [5, 2.3, 1.5, 0.75, 0.55, 0.75, 1.5, 2.3, 5];
    const binom8 = [1, 8, 28, 56, 70, 56, 28, 8, 1];
    const sum = low8.reduce((a, m, b) => a + m * (binom8[b] as number), 0);
    expect(toNumber(plinkoRtp(8, 'low'))).toBeCloseTo(sum / 256, 12);
  });

  it('simulated RTP of 8 rows low over 2·10^5 drops matches the exact figure within 5 standard errors', () => {
    const sim = new SimulationStream(SERVER_SEED, 'plinko-sim');
    const n = 200_000;
    let sum = 0;
    let sumSq = 0;
    for (let i = 0; i < n; i++) {
      const m = playPlinko(sim.reset(i), 8, 'low').multiplierBp / 10000;
      sum += m;
      sumSq += m * m;
    }
    const mean = sum / n;
    const se = Math.sqrt((sumSq / n - mean * mean) / n);
    expect(Math.abs(mean - toNumber(plinkoRtp(8, 'low')))).toBeLessThan(5 * se);
  });
});
