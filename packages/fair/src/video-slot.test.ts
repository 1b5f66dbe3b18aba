import { describe, expect, it } from 'vitest';
import { CLIENT_SEED, referenceBetFloats, SERVER_SEED } from '../test/reference';
import { play, SimulationStream } from './node';
import { evaluateStops, spin, spinUnits, videoPayout } from './video-slot';

const bet = (nonce: number) => ({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce });

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
