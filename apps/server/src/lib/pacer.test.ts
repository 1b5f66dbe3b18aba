import { describe, expect, it } from 'vitest';
import { Pacer } from './pacer';

/** Keeps the thread busy for at least `ms`, as a step of real work would. */
const work = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
};

describe('Pacer', () => {
  it('rests at least as long as the step before took, at a rest ratio of 1', async () => {
    const pacer = new Pacer({ restRatio: 1, maxRestMs: 1_000 });
    work(20);
    const before = performance.now();
    await pacer.rest();
    expect(pacer.rested).toBeGreaterThanOrEqual(20);
    // setTimeout may fire a fraction of a millisecond early.
    expect(performance.now() - before).toBeGreaterThanOrEqual(19);
  });

  it('counts each step from the end of the last rest, not from the start', async () => {
    const pacer = new Pacer({ restRatio: 1, maxRestMs: 1_000 });
    work(60);
    await pacer.rest();
    const afterFirst = pacer.rested;
    work(5);
    await pacer.rest();
    // The second rest is for the 5 ms step alone (a little more on a busy machine), not all 65 ms.
    expect(pacer.rested - afterFirst).toBeGreaterThanOrEqual(5);
    expect(pacer.rested - afterFirst).toBeLessThan(40);
  });

  it('never rests longer than its longest rest', async () => {
    const pacer = new Pacer({ restRatio: 1, maxRestMs: 4 });
    work(30);
    await pacer.rest();
    expect(pacer.rested).toBe(4);
  });

  it('never rests at a rest ratio of 0', async () => {
    const pacer = new Pacer({ restRatio: 0, maxRestMs: 1_000 });
    work(10);
    await pacer.rest();
    expect(pacer.rested).toBe(0);
  });
});
