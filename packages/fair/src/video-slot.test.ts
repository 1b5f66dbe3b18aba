import { describe, expect, it } from 'vitest';
import { CLIENT_SEED, referenceBetFloats, SERVER_SEED } from '../test/reference';
import { play, SimulationStream } from './node';
import { equals, toNumber, toPercentString } from './rational';
import {
  enumerateBaseGame,
  evaluateStops,
  exactStatsFromEnumeration,
  spin,
  spinUnits,
  standardDeviation,
  theoreticalRtp,
  validateVideoSlot,
  videoPayout,
  videoSlot,
} from './video-slot';

const bet = (nonce: number) => ({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce });

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

describe('video slot: spins', () => {
  it('evaluates paylines left to right with wilds on reels 2–4', () => {
    // Middle row: seven on every reel (stop = seven's index − 1).
    const sevens = evaluateStops([24, 20, 19, 20, 16]);
    expect(sevens.window.map((column) => column[1])).toEqual(['seven', 'seven', 'seven', 'seven', 'seven']);
    expect(sevens.lineWins).toContainEqual({ line: 1, symbol: 'seven', count: 5, units: 1000 });
    // Reel 2 middle is a wild (index 1), reel 3 middle cherry (index 1), reel 4 breaks: cherry × 3.
    const wild = evaluateStops([0, 0, 0, 3, 0]);
    expect(wild.window.map((column) => column[1])).toEqual(['lemon', 'wild', 'cherry', 'orange', 'plum']);
    expect(wild.lineWins.find((w) => w.line === 1)).toBeUndefined(); // lemon, wild, cherry: 2 lemons
    // lemon, wild, lemon, wild, plum: four lemons.
    const twoWilds = evaluateStops([0, 0, 1, 0, 0]);
    expect(twoWilds.window.map((column) => column[1])).toEqual(['lemon', 'wild', 'lemon', 'wild', 'plum']);
    expect(twoWilds.lineWins.find((w) => w.line === 1)).toEqual({
      line: 1,
      symbol: 'lemon',
      count: 4,
      units: 25,
    });
  });

  it('plays a known base-game round (stops recomputed independently)', () => {
    const round = play(bet(3), (s) => spin(s));
    expect(round.base.stops).toEqual(referenceBetFloats(3, 5).map((f) => Math.floor(f * 32)));
    expect(round.base.stops).toEqual([0, 0, 12, 22, 18]);
    expect(round.base.lineWins).toEqual([
      { line: 1, symbol: 'lemon', count: 3, units: 10 },
      { line: 2, symbol: 'cherry', count: 3, units: 10 },
      { line: 10, symbol: 'lemon', count: 3, units: 10 },
    ]);
    expect(round.freeSpins).toEqual([]);
    expect(round.totalUnits).toBe(30);
    expect(videoPayout(1000n, round.totalUnits)).toBe(3000n); // 3× a 10.00 stake
  });

  it('plays a known round with free spins: 3 scatters pay 2× and award 10 spins at ×3', () => {
    const round = play(bet(197), (s) => spin(s));
    expect(round.base.stops).toEqual([1, 21, 2, 6, 28]);
    expect(round.base.scatters).toBe(3);
    expect(round.base.scatterUnits).toBe(20);
    expect(round.base.freeSpinsAwarded).toBe(10);
    expect(round.freeSpins).toHaveLength(10);
    const floats = referenceBetFloats(197, 5 * 11);
    round.freeSpins.forEach((fs, i) => {
      expect(fs.multiplier).toBe(3);
      expect(fs.stops).toEqual(floats.slice(5 * (i + 1), 5 * (i + 2)).map((f) => Math.floor(f * 32)));
      for (const w of fs.lineWins) expect(w.units % 3).toBe(0);
    });
    expect(round.totalUnits).toBe(395);
    expect(round.totalUnits).toBe(round.base.units + round.freeSpins.reduce((a, fs) => a + fs.units, 0));
    expect(videoPayout(1000n, round.totalUnits)).toBe(39500n);
    expect(videoPayout(7n, 395)).toBe(276n); // 276.5 rounded down
  });

  it('spinUnits (the simulation path) agrees with spin on 30,000 rounds', () => {
    const sim = new SimulationStream(SERVER_SEED, 'agree');
    let featureRounds = 0;
    for (let i = 0; i < 30_000; i++) {
      const full = play({ serverSeed: SERVER_SEED, clientSeed: 'agree', nonce: i }, (s) => spin(s));
      if (full.freeSpins.length > 0) featureRounds++;
      expect(spinUnits(sim.reset(i))).toBe(full.totalUnits);
    }
    expect(featureRounds).toBeGreaterThan(100);
  });
});
