/**
 * Runs at most `concurrency` tasks at once and lets at most `maxQueue` more wait, each at most
 * `maxWaitMs`; a task whose expected wait (the tasks ahead times the recent run time, per slot)
 * is already over `maxWaitMs` is refused on arrival ('full'). A task that cannot start in time is
 * refused (QueueRefusedError) instead of waiting:
 * under a burst the callers that are let in stay fast, and the others get an answer at once (the
 * caller turns it into 503 + Retry-After) rather than a reply that comes seconds later, or never.
 */
export type QueueLimits = { concurrency: number; maxQueue: number; maxWaitMs: number };

export class QueueRefusedError extends Error {
  constructor(
    readonly reason: 'full' | 'timeout',
    /** About when a retry has a fair chance: the time the queue needs to drain. */
    readonly retryAfterMs: number,
  ) {
    super(`queue refused the task (${reason})`);
    this.name = 'QueueRefusedError';
  }
}

type Waiting = { start: () => void; refuse: (error: QueueRefusedError) => void; timer: NodeJS.Timeout };

export class BoundedQueue {
  private running = 0;
  private readonly waiting: Waiting[] = [];
  private counters = { completed: 0, refusedFull: 0, refusedTimeout: 0 };
  /** Moving average of one task's run time, for the Retry-After estimate. */
  private averageRunMs = 20;

  constructor(private limits: QueueLimits) {}

  /** New limits apply to the tasks that arrive from now on. */
  configure(limits: QueueLimits): void {
    this.limits = limits;
    this.drain();
  }

  stats() {
    return {
      running: this.running,
      queued: this.waiting.length,
      ...this.counters,
      averageRunMs: Math.round(this.averageRunMs * 10) / 10,
      ...this.limits,
    };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) await this.wait();
    else this.running++;
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.averageRunMs = this.averageRunMs * 0.9 + (performance.now() - started) * 0.1;
      this.counters.completed++;
      this.running--;
      this.drain();
    }
  }

  /**
   * Refuses now (counted as 'full') if a task arriving now would be refused on arrival, and answers
   * the wait to tell its caller; else null. Lets a caller refuse a request before any work of its own
   * (reading and decrypting a login's body), then run its task with run() as usual.
   */
  refusesNow(): { retryAfterMs: number } | null {
    if (this.running < this.limits.concurrency) return null;
    if (this.waiting.length < this.limits.maxQueue && this.expectedWaitMs() <= this.limits.maxWaitMs)
      return null;
    this.counters.refusedFull++;
    return { retryAfterMs: this.retryAfterMs() };
  }

  private retryAfterMs(): number {
    const perSlot = (this.waiting.length + 1) / Math.max(1, this.limits.concurrency);
    return Math.max(1000, Math.ceil(perSlot * this.averageRunMs));
  }

  /** How long a task arriving now would wait for a slot, from the tasks ahead and their usual run. */
  private expectedWaitMs(): number {
    return ((this.waiting.length + 1) / Math.max(1, this.limits.concurrency)) * this.averageRunMs;
  }

  private wait(): Promise<void> {
    // Refused at once, not after maxWaitMs, when the tasks ahead already take longer than the wait
    // allowed: under a burst the caller gets its 503 in microseconds instead of after the budget it
    // could never meet (and the queue's length follows how long tasks take now, not a fixed count).
    if (this.waiting.length >= this.limits.maxQueue || this.expectedWaitMs() > this.limits.maxWaitMs) {
      this.counters.refusedFull++;
      return Promise.reject(new QueueRefusedError('full', this.retryAfterMs()));
    }
    return new Promise<void>((start, refuse) => {
      const entry: Waiting = {
        start,
        refuse,
        timer: setTimeout(() => {
          const index = this.waiting.indexOf(entry);
          if (index < 0) return;
          this.waiting.splice(index, 1);
          this.counters.refusedTimeout++;
          refuse(new QueueRefusedError('timeout', this.retryAfterMs()));
        }, this.limits.maxWaitMs),
      };
      this.waiting.push(entry);
    });
  }

  /** Hands free slots to the oldest waiting tasks (the slot passes on: `running` is counted for them). */
  private drain(): void {
    while (this.running < this.limits.concurrency) {
      const next = this.waiting.shift();
      if (!next) return;
      clearTimeout(next.timer);
      this.running++;
      next.start();
    }
  }
}
