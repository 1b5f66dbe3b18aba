import { describe, expect, it } from 'vitest';
import { JACKPOT_START_MAX, JACKPOT_START_MIN, jackpotStart, jackpotStep } from './jackpot';

describe('jackpot counter', () => {
  it('starts between 20,000,000.00 and 21,000,000.00', () => {
    expect(jackpotStart(() => 0)).toBe(JACKPOT_START_MIN);
    expect(jackpotStart(() => 0.999999)).toBeLessThan(JACKPOT_START_MAX);
    expect(jackpotStart(() => 0.5)).toBe(2_050_000_000);
  });

  it('rises by 100 to 500 every 3, 4 or 5 seconds', () => {
    expect(jackpotStep(() => 0)).toEqual({ increment: 10_000, delayMs: 3_000 });
    expect(jackpotStep(() => 0.999999)).toEqual({ increment: 50_000, delayMs: 5_000 });
    expect(jackpotStep(() => 0.5).delayMs).toBe(4_000);
  });
});
