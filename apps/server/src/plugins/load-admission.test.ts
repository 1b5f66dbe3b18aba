import { describe, expect, it } from 'vitest';
import { ADMISSION_STEPS, Admission, overLimit, RecentUtilization } from './load-admission';

const limits = { maxEventLoopDelayMs: 100, maxEventLoopUtilization: 0.9 };

describe('load admission', () => {
  it('judges a period by its longest stall, so one long stall among quick turns counts', () => {
    // A period of 1 ms turns and one stall of 2.2 s has a mean delay far below 100 ms.
    expect(overLimit({ maxDelayMs: 2200, utilization: 0.5 }, limits)).toBe('eventLoopDelay');
    expect(overLimit({ maxDelayMs: 40, utilization: 0.95 }, limits)).toBe('eventLoopUtilization');
    expect(overLimit({ maxDelayMs: 40, utilization: 0.5 }, limits)).toBeNull();
    // 0 turns a limit off.
    expect(
      overLimit({ maxDelayMs: 2200, utilization: 1 }, { maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0 }),
    ).toBeNull();
  });

  it('lets in a smaller share per period over a limit, down to a tenth (never none), and steps back up when the loop keeps up', () => {
    const admission = new Admission(() => 0.2);
    const shares: number[] = [];
    for (let i = 0; i < ADMISSION_STEPS.length + 1; i++) {
      admission.sample({ maxDelayMs: 10, utilization: 0.99 }, limits);
      shares.push(admission.share);
    }
    expect(shares).toEqual([0.75, 0.5, 0.25, 0.1, 0.1, 0.1]);
    expect(admission.reason).toBe('eventLoopUtilization');
    expect(admission.admit()).toBe(false);
    admission.sample({ maxDelayMs: 10, utilization: 0.3 }, limits);
    expect(admission.share).toBe(0.25);
    for (let i = 0; i < 3; i++) admission.sample({ maxDelayMs: 10, utilization: 0.3 }, limits);
    expect(admission.share).toBe(1);
    expect(admission.admit()).toBe(true);
  });

  it('lets in about the share it names', () => {
    let seed = 1;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const admission = new Admission(random);
    admission.sample({ maxDelayMs: 500, utilization: 0 }, limits);
    admission.sample({ maxDelayMs: 500, utilization: 0 }, limits);
    expect(admission.share).toBe(0.5);
    expect(admission.reason).toBe('eventLoopDelay');
    const admitted = Array.from({ length: 10_000 }, () => admission.admit()).filter(Boolean).length;
    expect(admitted).toBeGreaterThan(4_700);
    expect(admitted).toBeLessThan(5_300);
  });
});

describe('recent utilisation', () => {
  /** A loop whose busy share per 10 ms tick is set by the test, on a clock the test moves. */
  const fakeLoop = () => {
    let now = 0;
    const totals = { active: 0, idle: 0 };
    let busyShare = 0;
    const recent = new RecentUtilization(
      100,
      () => ({ ...totals }),
      () => now,
    );
    return {
      recent,
      setBusy: (share: number) => {
        busyShare = share;
      },
      /** Ten more milliseconds of the loop; answers the watch's reading at their end. */
      tick: () => {
        now += 10;
        totals.active += 10 * busyShare;
        totals.idle += 10 * (1 - busyShare);
        return recent.tick();
      },
    };
  };

  it('reads nothing until it has seen a whole window, then the share of it the loop was busy', () => {
    const loop = fakeLoop();
    loop.setBusy(1);
    const readings = Array.from({ length: 10 }, () => loop.tick());
    expect(readings.every((reading) => reading === null)).toBe(true);
    expect(loop.tick()).toBe(1);
  });

  it('follows the last window only: a crowd is seen within it, and so is its end', () => {
    const loop = fakeLoop();
    for (let i = 0; i < 30; i++) loop.tick(); // an idle loop
    expect(loop.tick()).toBe(0);
    loop.setBusy(1);
    const whenCrowded = Array.from({ length: 10 }, () => loop.tick());
    expect(whenCrowded[4]).toBeCloseTo(0.5); // half the window busy
    expect(whenCrowded[9]).toBe(1); // 100 ms after the crowd came
    loop.setBusy(0.2);
    for (let i = 0; i < 10; i++) loop.tick();
    expect(loop.tick()).toBeCloseTo(0.2);
  });

  it('starts a new window after reset, so one crowd is counted once', () => {
    const loop = fakeLoop();
    loop.setBusy(1);
    for (let i = 0; i < 12; i++) loop.tick();
    loop.recent.reset();
    expect(loop.tick()).toBeNull();
    for (let i = 0; i < 9; i++) loop.tick();
    expect(loop.tick()).toBe(1);
  });

  it('steps the share down with the utilisation as the reason', () => {
    const admission = new Admission();
    admission.stall();
    admission.saturated();
    expect(admission.share).toBe(ADMISSION_STEPS[2]);
    expect(admission.reason).toBe('eventLoopUtilization');
  });
});
