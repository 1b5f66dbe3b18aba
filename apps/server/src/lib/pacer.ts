/**
 * Paces background work that shares the machine with money calls: after each step it rests as long
 * as the step took (times `restRatio`), so the work never takes more than about half of a core at a
 * time. Why: on two cores, a catch-up that ran flat out for a quarter of a second took a core from
 * the wallet's calls and their database backends, which then queued for that long (bench:wallet on
 * PostgreSQL: every 2 s, a window of calls at 30-75 ms). Spread out, the same work fits between them.
 */
export type PacerOptions = {
  /** Rest per ms of work (0: never rests). */
  restRatio: number;
  /** The longest single rest, in ms (a step stalled on a lock is no reason to stall further). */
  maxRestMs: number;
};

export class Pacer {
  private since = performance.now();
  /** Time spent resting so far, in ms. */
  rested = 0;

  constructor(private readonly options: PacerOptions) {}

  /** Rests in proportion to the work since the last rest (or since the pacer was made). */
  async rest(): Promise<void> {
    const worked = performance.now() - this.since;
    const restMs = Math.min(worked * this.options.restRatio, this.options.maxRestMs);
    if (restMs >= 1) {
      await new Promise<void>((resolve) => setTimeout(resolve, restMs));
      this.rested += restMs;
    }
    this.since = performance.now();
  }
}
