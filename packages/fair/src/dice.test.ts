import { describe, expect, it } from 'vitest';
import { CLIENT_SEED, referenceBetFloats, SERVER_SEED } from '../test/reference';
import { diceMultiplierBp, diceRoll, diceWinChance, playDice } from './dice';
import { play, SimulationStream } from './node';

const bet = (nonce: number) => ({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce });

describe('dice', () => {
  it('rolls floor(float · 10001) hundredths (known vectors, recomputed independently)', () => {
    const rolls = [0, 1, 2, 3, 4].map((n) => play(bet(n), diceRoll));
    expect(rolls).toEqual([6711, 9344, 6487, 176, 4793]);
    rolls.forEach((roll, n) => {
      expect(roll).toBe(Math.floor((referenceBetFloats(n, 1)[0] as number) * 10001));
    });
    expect(play(bet(0), (s) => playDice(s, 'over', 5050))).toEqual({
      roll: 6711,
      win: true,
      multiplierBp: 20000,
    });
    expect(play(bet(3), (s) => playDice(s, 'under', 1000))).toEqual({
      roll: 176,
      win: true,
      multiplierBp: 99000,
    });
    expect(play(bet(4), (s) => playDice(s, 'over', 5050)).win).toBe(false);
  });

  it('pays 99 / win chance: 2× at 49.50%, 99× at 1%, 9900× at 0.01%, rounded down', () => {
    expect(diceMultiplierBp(4950)).toBe(20000);
    expect(diceMultiplierBp(100)).toBe(990000);
    expect(diceMultiplierBp(1)).toBe(99_000_000);
    expect(diceMultiplierBp(3333)).toBe(29702); // 2.970297… → 2.9702
    expect(diceWinChance('over', 5050)).toBe(4950);
    expect(diceWinChance('under', 5050)).toBe(5050);
    expect(() => diceWinChance('over', 10000)).toThrow();
    expect(() => diceWinChance('under', 9801)).toThrow();
    expect(() => diceWinChance('under', 50.5)).toThrow();
  });

  it('has an exact RTP between 98.98% and 98.99% (9900 / 10001) at every target', () => {
    for (const direction of ['over', 'under'] as const)
      for (let target = 0; target <= 10000; target++) {
        const chance = direction === 'over' ? 10000 - target : target;
        if (chance < 1 || chance > 9800) continue;
        // Winning rolls among the 10001 equally likely values 0 … 10000.
        const winning = direction === 'over' ? 10000 - target : target;
        const rtp = (winning * diceMultiplierBp(chance)) / (10001 * 10000);
        expect(rtp).toBeLessThanOrEqual(9900 / 10001);
        expect(rtp).toBeGreaterThan(0.9898);
      }
  });

  it('simulated RTP over 10^6 rolls of "over 50.50" is 98.99% within 5 standard errors', () => {
    const sim = new SimulationStream(SERVER_SEED, 'dice-sim');
    const n = 1_000_000;
    let paid = 0;
    let min = 10000;
    let max = 0;
    for (let i = 0; i < n; i++) {
      const r = playDice(sim.reset(i), 'over', 5050);
      if (r.win) paid += r.multiplierBp / 10000;
      min = Math.min(min, r.roll);
      max = Math.max(max, r.roll);
    }
    expect(Math.abs(paid / n - 9900 / 10001)).toBeLessThan(5 * (1 / Math.sqrt(n))); // sd of a 2× bet ≈ 1
    expect(min).toBe(0);
    expect(max).toBe(10000);
  });
});
