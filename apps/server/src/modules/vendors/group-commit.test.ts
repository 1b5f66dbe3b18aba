import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

/** A database stand-in: records what ran alone and together; `failOn` makes a batch holding it throw. */
function fakeDatabase(options: { failOn?: number; slow?: boolean; maxInFlight?: number } = {}) {
  const ran: Array<{ alone: number } | { together: number[] }> = [];
  let release: (() => void) | null = null;
  const gate = () =>
    options.slow
      ? new Promise<void>((resolve) => {
          release = resolve;
        })
      : Promise.resolve();
  const group = new GroupCommit<number, string>({
    one: async (n) => {
      ran.push({ alone: n });
      await gate();
      if (n === options.failOn) throw new Error(`call ${n} failed`);
      return `answer ${n}`;
    },
    many: async (ns) => {
      ran.push({ together: ns });
      await gate();
      if (options.failOn !== undefined && ns.includes(options.failOn)) throw new Error('batch failed');
      return ns.map((n) => `answer ${n}`);
    },
    maxCalls: 3,
    ...(options.maxInFlight ? { maxInFlight: options.maxInFlight } : {}),
  });
  return { group, ran, release: () => release?.() };
}

describe('GroupCommit', () => {
  it('sends calls made in the same turn together, in order, and answers each its own', async () => {
    const { group, ran } = fakeDatabase();
    const answers = await Promise.all([1, 2, 3].map((n) => group.submit(n)));
    expect(answers).toEqual(['answer 1', 'answer 2', 'answer 3']);
    expect(ran).toEqual([{ together: [1, 2, 3] }]);
    expect(group.stats).toEqual({ alone: 0, batches: 1, batchedCalls: 3, failedBatches: 0, mostInFlight: 1 });
  });

  it('runs a lone call alone, and gathers the calls arriving while one is in flight', async () => {
    const db = fakeDatabase({ slow: true });
    const first = db.group.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(db.ran).toEqual([{ alone: 1 }]);
    const later = [2, 3, 4, 5].map((n) => db.group.submit(n));
    db.release();
    await first;
    // At most maxCalls (3) together; the rest in the next batch, in arrival order.
    await new Promise((resolve) => setImmediate(resolve));
    expect(db.ran).toEqual([{ alone: 1 }, { together: [2, 3, 4] }]);
    db.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(db.ran).toEqual([{ alone: 1 }, { together: [2, 3, 4] }, { alone: 5 }]);
    db.release();
    expect(await Promise.all(later)).toEqual(['answer 2', 'answer 3', 'answer 4', 'answer 5']);
  });

  it('runs the calls of a failed batch one by one, in order: only the bad one fails', async () => {
    const { group, ran } = fakeDatabase({ failOn: 2 });
    const settled = await Promise.allSettled([1, 2, 3].map((n) => group.submit(n)));
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      'answer 1',
      'call 2 failed',
      'answer 3',
    ]);
    expect(ran).toEqual([{ together: [1, 2, 3] }, { alone: 1 }, { alone: 2 }, { alone: 3 }]);
    expect(group.stats.failedBatches).toBe(1);
  });

  it('starts the calls arriving while a batch runs on another connection at once, up to maxInFlight', async () => {
    const gates: Array<() => void> = [];
    const ran: number[][] = [];
    const group = new GroupCommit<number, string>({
      one: async (n) => {
        ran.push([n]);
        await new Promise<void>((resolve) => gates.push(resolve));
        return `answer ${n}`;
      },
      many: async (ns) => {
        ran.push(ns);
        await new Promise<void>((resolve) => gates.push(resolve));
        return ns.map((n) => `answer ${n}`);
      },
      maxCalls: 10,
      maxInFlight: 2,
    });
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const first = group.submit(1);
    await turn();
    const second = [2, 3].map((n) => group.submit(n));
    await turn();
    // The first is still running: 2 and 3 did not wait for it.
    expect(ran).toEqual([[1], [2, 3]]);
    const third = [4, 5].map((n) => group.submit(n));
    await turn();
    // Both connections busy: 4 and 5 wait, and go together as soon as one is free.
    expect(ran).toEqual([[1], [2, 3]]);
    gates.shift()?.();
    expect(await first).toBe('answer 1');
    await turn();
    expect(ran).toEqual([[1], [2, 3], [4, 5]]);
    for (const gate of gates.splice(0)) gate();
    expect(await Promise.all([...second, ...third])).toEqual([
      'answer 2',
      'answer 3',
      'answer 4',
      'answer 5',
    ]);
    expect(group.stats.mostInFlight).toBe(2);
  });

  it('runs a batch holding an exclusive call only when nothing else is in flight, and nothing beside it', async () => {
    const gates: Array<() => void> = [];
    const ran: number[][] = [];
    const group = new GroupCommit<number, string>({
      one: async (n) => {
        ran.push([n]);
        await new Promise<void>((resolve) => gates.push(resolve));
        return `answer ${n}`;
      },
      many: async (ns) => {
        ran.push(ns);
        await new Promise<void>((resolve) => gates.push(resolve));
        return ns.map((n) => `answer ${n}`);
      },
      maxCalls: 10,
      maxInFlight: 3,
      exclusive: (n) => n < 0,
    });
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const first = group.submit(1);
    await turn();
    const exclusive = [2, -3].map((n) => group.submit(n));
    await turn();
    // 1 is in flight: the batch with -3 waits for it (although a connection is free).
    expect(ran).toEqual([[1]]);
    gates.shift()?.();
    await first;
    await turn();
    expect(ran).toEqual([[1], [2, -3]]);
    const after = group.submit(4);
    await turn();
    // The exclusive batch runs alone: 4 waits for it.
    expect(ran).toEqual([[1], [2, -3]]);
    gates.shift()?.();
    expect(await Promise.all(exclusive)).toEqual(['answer 2', 'answer -3']);
    await turn();
    expect(ran).toEqual([[1], [2, -3], [4]]);
    gates.shift()?.();
    expect(await after).toBe('answer 4');
  });
});
