import { describe, expect, it } from 'vitest';
import { CLIENT_SEED, referenceBetFloats, SERVER_SEED } from '../test/reference';
import { countMatches, drawLottery } from './lottery';
import { play } from './node';

const bet = (nonce: number) => ({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce });

describe('lottery', () => {
  it('draws k distinct numbers of 1 … n by Fisher–Yates (known vectors, recomputed independently)', () => {
    const draw = play(bet(0), (s) => drawLottery(s, 49, 6));
    expect(draw).toEqual({ drawn: [33, 29, 48, 19, 1, 11], sorted: [1, 11, 19, 29, 33, 48] });
    for (const n of [0, 1, 2]) {
      const floats = referenceBetFloats(n, 6);
      const balls = Array.from({ length: 49 }, (_, i) => i + 1);
      for (let i = 0; i < 6; i++) {
        const j = i + Math.floor((floats[i] as number) * (49 - i));
        [balls[i], balls[j]] = [balls[j] as number, balls[i] as number];
      }
      expect(play(bet(n), (s) => drawLottery(s, 49, 6)).drawn).toEqual(balls.slice(0, 6));
    }
    expect(countMatches([1, 2, 3, 33, 48, 40], draw)).toBe(3);
    expect(() => countMatches([1, 1], draw)).toThrow();
    expect(() => play(bet(0), (s) => drawLottery(s, 5, 6))).toThrow();
  });
});
