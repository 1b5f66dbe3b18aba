import { describe, expect, it } from 'vitest';
import { equals, toNumber, toPercentString } from './rational';
import { validateVideoSlot, videoSlot } from './video-slot';
import {
  enumerateBaseGame,
  exactStatsFromEnumeration,
  standardDeviation,
  theoreticalRtp,
} from './video-slot-rtp';

describe('video slot: exact RTP', () => {
  const rtp = theoreticalRtp();

  it('is 96% ± 0.05 percentage points', () => {
    expect(toPercentString(rtp.rtp, 6)).toBe('95.993655');
    expect(Math.abs(toNumber(rtp.rtp) - 0.96)).toBeLessThan(0.0005);
    // Its parts: lines, scatters and the free-spin feature (17.96% of the stake).
    expect(toPercentString(rtp.baseLines, 4)).toBe('76.2956');
    expect(toPercentString(rtp.baseScatters, 4)).toBe('1.7396');
    expect(toPercentString(rtp.freeSpins, 4)).toBe('17.9582');
    expect(toNumber(rtp.triggerProbability)).toBeCloseTo(1 / 140.36, 5);
    expect(toNumber(rtp.expectedFreeSpins)).toBeCloseTo(10.7671, 4);
  });

  it('equals, as an exact fraction, the sum over all 32^5 stop combinations', () => {
    const e = enumerateBaseGame();
    expect(e.combinations).toBe(33_554_432n);
    const stats = exactStatsFromEnumeration(e);
    expect(equals(stats.rtp, rtp.rtp)).toBe(true);
    expect(equals(stats.freeSpins, rtp.freeSpins)).toBe(true);
    expect(equals(stats.triggerProbability, rtp.triggerProbability)).toBe(true);
    // One round's standard deviation in stakes: it sizes the simulation (10^8 rounds → ±0.03 pp).
    expect(standardDeviation(stats.variance)).toBeGreaterThan(3.2);
    expect(standardDeviation(stats.variance)).toBeLessThan(3.3);
  });

  it('refuses strips that break the maths', () => {
    const [r1, ...rest] = videoSlot.reels as [readonly string[], ...(readonly string[])[]];
    const wildOnReel1 = { ...videoSlot, reels: [['wild', ...r1.slice(1)], ...rest] } as typeof videoSlot;
    expect(() => validateVideoSlot(wildOnReel1)).toThrow('reel 1');
    const close = {
      ...videoSlot,
      reels: [['scatter', 'cherry', 'scatter', ...r1.slice(3)], ...rest],
    } as typeof videoSlot;
    expect(() => validateVideoSlot(close)).toThrow('scatters closer');
    expect(() => validateVideoSlot()).not.toThrow();
  });
});
