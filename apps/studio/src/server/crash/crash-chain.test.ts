import { generateChainSync } from '@sorte/fair/node';
import { describe, expect, it } from 'vitest';
import { generateChain, hashOfGame } from './crash-chain';

describe('making a crash chain', () => {
  const seed = 'a'.repeat(64);

  it.each([
    ['on a thread of its own', 5_001],
    ['here, when short', 200],
  ])('makes the same chain as generateChainSync %s', async (_, length) => {
    const made = await generateChain(seed, length);
    const whole = generateChainSync(seed, length);
    expect(made.terminatingHash).toBe(whole.terminatingHash);
    expect(Array.from({ length }, (_, k) => hashOfGame(made.raw, k + 1))).toEqual(whole.hashes);
  });

  it('leaves the event loop free while it works (a chain of 100,000 held it for seconds under load)', async () => {
    let turns = 0;
    let counting = true;
    let longestGapMs = 0;
    let last = performance.now();
    const count = () => {
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
      turns++;
      if (counting) setTimeout(count, 1);
    };
    setTimeout(count, 1);
    await generateChain(seed, 100_000);
    counting = false;
    expect(turns).toBeGreaterThanOrEqual(5);
    // Made in one piece here, the loop would wait the whole chain (about 100-300 ms) at once.
    expect(longestGapMs).toBeLessThan(
      (() => {
        const started = performance.now();
        generateChainSync(seed, 100_000);
        return performance.now() - started;
      })(),
    );
  });

  it('refuses a seed that is not 64 hex characters, as before', async () => {
    await expect(generateChain('not hex', 10)).rejects.toThrow('chain seed must be 64 hex characters');
  });
});
