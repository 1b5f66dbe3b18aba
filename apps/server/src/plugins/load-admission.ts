/**
 * How much of the incoming traffic the server lets in, from what the event loop did in the last
 * sample period. Kept apart from the plugin so the policy can be tested without a busy loop.
 *
 * Why not @fastify/under-pressure's own event-loop limits: it compares the *mean* delay of the
 * period with the limit, and a loop that answers most turns in 1 ms but stalls 2 s once has a mean
 * far below any limit (bench:load: mean under 200 ms while /healthz waited 3 s). And it is all or
 * nothing: over the limit every request is refused for a period, under it every one is let in, so a
 * saturated server swings between refusing everything and stalling again. Here:
 *
 * - the signal is the period's *longest* stall (the histogram's max) and its utilisation;
 * - the answer is a share of requests let in, one step down per period over a limit and one step up
 *   per period under both: the share settles where the loop keeps up, and a single GC pause costs
 *   half a period's traffic, not all of it.
 */
/**
 * Never none: a loop kept busy by something else (another process on the machine descheduling this
 * one reads as utilisation too) must not turn into refusing every caller for as long as it lasts.
 */
export const ADMISSION_STEPS = [1, 0.75, 0.5, 0.25, 0.1] as const;

export type LoopSample = {
  /** The longest event-loop stall of the period, in ms. */
  maxDelayMs: number;
  /** Share of the period the loop was busy (0-1). */
  utilization: number;
};

export type LoopLimits = {
  /** 0: off. */
  maxEventLoopDelayMs: number;
  /** 0: off. */
  maxEventLoopUtilization: number;
};

/** Which limit the period crossed, if any (the delay first: it is what callers feel). */
export function overLimit(
  sample: LoopSample,
  limits: LoopLimits,
): 'eventLoopDelay' | 'eventLoopUtilization' | null {
  if (limits.maxEventLoopDelayMs > 0 && sample.maxDelayMs > limits.maxEventLoopDelayMs)
    return 'eventLoopDelay';
  if (limits.maxEventLoopUtilization > 0 && sample.utilization > limits.maxEventLoopUtilization)
    return 'eventLoopUtilization';
  return null;
}

/** The step (index into ADMISSION_STEPS) for the next period. */
export function nextStep(step: number, over: boolean): number {
  return over ? Math.min(ADMISSION_STEPS.length - 1, step + 1) : Math.max(0, step - 1);
}

export class Admission {
  private step = 0;
  /** The limit that lowered the share last, for the refusal counters. */
  reason: 'eventLoopDelay' | 'eventLoopUtilization' = 'eventLoopDelay';

  constructor(private readonly random: () => number = Math.random) {}

  get share(): number {
    return ADMISSION_STEPS[this.step] as number;
  }

  /** Takes one period's sample; answers the limit it crossed, if any. */
  sample(sample: LoopSample, limits: LoopLimits) {
    const over = overLimit(sample, limits);
    if (over) this.reason = over;
    this.step = nextStep(this.step, over !== null);
    return over;
  }

  /** A stall seen as it ended: one step down at once, not at the period's end. */
  stall(): void {
    this.reason = 'eventLoopDelay';
    this.step = nextStep(this.step, true);
  }

  /** A loop seen saturated over the recent window (RecentUtilization): one step down at once. */
  saturated(): void {
    this.reason = 'eventLoopUtilization';
    this.step = nextStep(this.step, true);
  }

  /** Whether this request is let in. */
  admit(): boolean {
    return this.random() < this.share;
  }
}

type Utilization = { idle: number; active: number };

/**
 * The loop's utilisation over the last `windowMs`, from a snapshot taken on every tick of a short
 * timer. A crowd that arrives at once keeps the loop busy with many short turns: no single turn is
 * long enough for the stall watch, and the sample period that sees it may have begun before the
 * crowd came, so it was acted on up to two periods late (bench:load: 400 ms of bets and /healthz
 * answered late, with 50 lobby clients arriving together). A window that ends now sees it within
 * `windowMs`.
 */
export class RecentUtilization {
  private readonly snapshots: { at: number; utilization: Utilization }[] = [];

  constructor(
    private readonly windowMs: number,
    private readonly read: () => Utilization,
    private readonly now: () => number,
  ) {}

  /**
   * Takes a snapshot; answers the utilisation (0-1) since the oldest snapshot of the window, or null
   * until the snapshots span a whole window.
   */
  tick(): number | null {
    const at = this.now();
    const utilization = this.read();
    this.snapshots.push({ at, utilization });
    // The oldest kept is the newest one at least a window old: it opens the window that ends now.
    while (this.snapshots.length > 2 && at - (this.snapshots[1] as { at: number }).at >= this.windowMs)
      this.snapshots.shift();
    const oldest = this.snapshots[0] as { at: number; utilization: Utilization };
    if (at - oldest.at < this.windowMs) return null;
    const active = utilization.active - oldest.utilization.active;
    const idle = utilization.idle - oldest.utilization.idle;
    return active + idle > 0 ? active / (active + idle) : 0;
  }

  /** Forgets the snapshots: the next answer covers a whole window from now on. */
  reset(): void {
    this.snapshots.length = 0;
  }
}
