import { describe, expect, it } from 'vitest';
import { BoundedQueue, QueueRefusedError } from './bounded-queue';

/** A task the test finishes when it wants. */
function gate() {
  let open = () => {};
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, task: () => done };
}

describe('BoundedQueue', () => {
  it('runs at most `concurrency` tasks at once, the waiting ones in arrival order', async () => {
    const queue = new BoundedQueue({ concurrency: 2, maxQueue: 10, maxWaitMs: 10_000 });
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      queue.run(async () => {
        started.push(i);
        await g.task();
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.stats()).toMatchObject({ running: 2, queued: 3 });
    gates[1]?.open();
    await runs[1];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(queue.stats()).toMatchObject({ running: 0, queued: 0, completed: 5 });
  });

  it('refuses at once beyond the queue, with a Retry-After estimate, and runs the others', async () => {
    const queue = new BoundedQueue({ concurrency: 1, maxQueue: 2, maxWaitMs: 10_000 });
    const g = gate();
    const settled = Array.from({ length: 5 }, () =>
      queue.run(g.task).then(
        () => 'ran',
        (e) => e,
      ),
    );
    const refused = await Promise.race([settled[3], settled[4]]);
    expect(refused).toBeInstanceOf(QueueRefusedError);
    expect(refused).toMatchObject({ reason: 'full' });
    expect((refused as QueueRefusedError).retryAfterMs).toBeGreaterThanOrEqual(1000);
    g.open();
    const outcomes = await Promise.all(settled);
    expect(outcomes.slice(0, 3)).toEqual(['ran', 'ran', 'ran']);
    expect(queue.stats()).toMatchObject({ completed: 3, refusedFull: 2 });
  });

  it('refuses a task that waited longer than maxWaitMs and hands its place on', async () => {
    const queue = new BoundedQueue({ concurrency: 1, maxQueue: 10, maxWaitMs: 30 });
    const g = gate();
    const first = queue.run(g.task);
    const started = performance.now();
    const late = await queue.run(async () => 'ran').catch((e) => e);
    expect(late).toMatchObject({ reason: 'timeout' });
    expect(performance.now() - started).toBeLessThan(1000);
    g.open();
    await first;
    expect(await queue.run(async () => 'ran')).toBe('ran');
    expect(queue.stats()).toMatchObject({ running: 0, queued: 0, refusedTimeout: 1 });
  });

  it('refuses on arrival a task whose expected wait is already over maxWaitMs, without waiting', async () => {
    // A task runs 20 ms until the queue has measured one: with one slot and 50 ms allowed, two may
    // wait (20 and 40 ms expected), the third (60 ms) is refused at once rather than after 50 ms.
    const queue = new BoundedQueue({ concurrency: 1, maxQueue: 100, maxWaitMs: 50 });
    const g = gate();
    const settled = Array.from({ length: 4 }, () =>
      queue.run(g.task).then(
        () => 'ran',
        (e) => e,
      ),
    );
    expect(queue.stats()).toMatchObject({ running: 1, queued: 2, refusedFull: 1, refusedTimeout: 0 });
    expect(await settled[3]).toMatchObject({ reason: 'full' });
    g.open();
    expect((await Promise.all(settled)).slice(0, 3)).toEqual(['ran', 'ran', 'ran']);
  });

  it('admits a burst, before any of its tasks arrives, only as far as the queue has room', async () => {
    const queue = new BoundedQueue({ concurrency: 1, maxQueue: 2, maxWaitMs: 1000 });
    // Five callers in one turn of the event loop: one runs, two wait, two are refused at the door.
    const answers = Array.from({ length: 5 }, () => queue.admit());
    const admitted = answers.filter((a) => 'place' in a);
    expect(admitted).toHaveLength(3);
    expect(answers[4]).toMatchObject({ retryAfterMs: expect.any(Number) });
    expect(queue.stats()).toMatchObject({ admitted: 3, refusedFull: 2 });
    // Those let in are not refused when their tasks come.
    const g = gate();
    const runs = admitted.map(() => queue.run(g.task));
    expect(queue.stats()).toMatchObject({ admitted: 0, running: 1, queued: 2, refusedFull: 2 });
    g.open();
    await Promise.all(runs);
    expect('place' in queue.admit()).toBe(true);
  });

  it('takes back the place of a caller that ends without a task', () => {
    const queue = new BoundedQueue({ concurrency: 1, maxQueue: 0, maxWaitMs: 1000 });
    const first = queue.admit();
    expect('place' in queue.admit()).toBe(false);
    if (!('place' in first)) throw new Error('the first caller is let in');
    queue.release(first.place);
    queue.release(first.place); // once only
    expect('place' in queue.admit()).toBe(true);
    expect(queue.stats()).toMatchObject({ admitted: 1, refusedFull: 1 });
  });
});
