import { describe, expect, it } from 'vitest';
import { CLIENT_SEED, referenceBetFloats, SERVER_SEED } from '../test/reference';
import { classicLinePay, classicSlot, classicSpin, classicTheoreticalRtp } from './classic-slot';
import { play, SimulationStream } from './node';
import { toNumber, toPercentString } from './rational';

const bet = (nonce: number) => ({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce });

describe('classic slot', () => {
  it('has an exact RTP of 95.9999% (enumeration of all 64^3 stops), matching a count-based formula', () => {
    const rtp = classicTheoreticalRtp();
    expect(toPercentString(rtp, 6)).toBe('95.999908');
    expect(Math.abs(toNumber(rtp) - 0.96)).toBeLessThan(0.0005);
    // Independently, from symbol counts: triples Π c_r(s) · pay, cherries 1 / 2 / 3 from the left.
    const count = (r: number, s: string) =>
      (classicSlot.reels[r] as readonly string[]).filter((x) => x === s).length;
    let sum = 0;
    for (const [s, pay] of Object.entries(classicSlot.triple))
      sum += count(0, s) * count(1, s) * count(2, s) * pay;
    const [c1, c2, c3] = [0, 1, 2].map((r) => count(r, 'cherry')) as [number, number, number];
    const [p1, p2, p3] = classicSlot.cherry;
    sum += c1 * (64 - c2) * 64 * p1 + c1 * c2 * (64 - c3) * p2 + c1 * c2 * c3 * p3;
    expect(sum / 64 ** 3).toBe(toNumber(rtp));
    for (const strip of classicSlot.reels) expect(strip).toHaveLength(64);
  });

  it('pays triples and cherries from the left', () => {
    expect(classicLinePay('seven', 'seven', 'seven')).toBe(1000);
    expect(classicLinePay('cherry', 'cherry', 'cherry')).toBe(20);
    expect(classicLinePay('cherry', 'cherry', 'bar')).toBe(5);
    expect(classicLinePay('cherry', 'bar', 'cherry')).toBe(2);
    expect(classicLinePay('bar', 'cherry', 'cherry')).toBe(0);
    expect(classicLinePay('blank', 'blank', 'blank')).toBe(0);
  });

  it('plays known spins (stops recomputed independently)', () => {
    const lose = play(bet(0), (s) => classicSpin(s));
    expect(lose.stops).toEqual(referenceBetFloats(0, 3).map((f) => Math.floor(f * 64)));
    expect(lose).toMatchObject({ stops: [42, 37, 62], line: ['blank', 'blank', 'blank'], multiplier: 0 });
    const win = play(bet(237), (s) => classicSpin(s));
    expect(win.stops).toEqual(referenceBetFloats(237, 3).map((f) => Math.floor(f * 64)));
    expect(win).toMatchObject({ stops: [56, 13, 61], line: ['lemon', 'lemon', 'lemon'], multiplier: 30 });
    expect(win.window[0]).toEqual(['blank', 'lemon', 'bell']);
  });

  it('simulated RTP over 10^6 spins matches the exact figure within 5 standard errors', () => {
    const sim = new SimulationStream(SERVER_SEED, 'classic-sim');
    const n = 1_000_000;
    let sum = 0;
    let sumSq = 0;
    for (let i = 0; i < n; i++) {
      const m = classicSpin(sim.reset(i)).multiplier;
      sum += m;
      sumSq += m * m;
    }
    const mean = sum / n;
    const se = Math.sqrt((sumSq / n - mean * mean) / n);
    expect(Math.abs(mean - toNumber(classicTheoreticalRtp()))).toBeLessThan(5 * se);
  });
});
