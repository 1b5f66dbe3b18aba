import { describe, expect, it } from 'vitest';
import { ADMISSION_STEPS, Admission, overLimit } from './load-admission';

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
