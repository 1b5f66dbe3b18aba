import { generateChainSync } from '@sorte/fair/node';
import { describe, expect, it } from 'vitest';
import { generateChainSliced } from './crash-chain';

describe('making a crash chain in slices', () => {
  const seed = 'a'.repeat(64);

  it('makes the same chain as in one piece', async () => {
    const sliced = await generateChainSliced(seed, 5_001);
    const whole = generateChainSync(seed, 5_001);
    expect(sliced.terminatingHash).toBe(whole.terminatingHash);
    expect(sliced.hashes).toEqual(whole.hashes);
  });

  it('lets the event loop turn while it works (a chain of 100,000 held it for seconds under load)', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    await generateChainSliced(seed, 20_000);
    counting = false;
    expect(turns).toBeGreaterThanOrEqual(9);
  });

  it('refuses a seed that is not 64 hex characters, as before', async () => {
    await expect(generateChainSliced('not hex', 10)).rejects.toThrow('chain seed must be 64 hex characters');
  });
});
