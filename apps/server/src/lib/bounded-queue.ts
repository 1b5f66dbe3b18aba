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

/** A caller admitted before its task (admit()): it counts as waiting until the task starts or it ends. */
export type QueuePlace = { held: boolean; since: number };

/**
 * A place not taken or given back by then is dropped: a caller that ended in a way nobody reported
 * must not count against the queue's room for ever.
 */
const PLACE_LIMIT_MS = 30_000;

export class BoundedQueue {
  private running = 0;
  private readonly waiting: Waiting[] = [];
  /** Admitted callers whose task has not reached run() yet, oldest first. */
  private readonly places: QueuePlace[] = [];
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
      admitted: this.places.length,
      ...this.counters,
      averageRunMs: Math.round(this.averageRunMs * 10) / 10,
      ...this.limits,
    };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    const place = this.places.shift();
    if (place) place.held = false;
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
   * Admits a caller before any work of its own (reading and decrypting a login's body, its database
   * reads), or refuses it now (counted as 'full') with the wait to tell it. An admitted caller holds
   * a place until its task starts (run() takes the oldest place: places are alike) or until it ends
   * without one (release()). Places count as tasks waiting: without them, a burst that arrives in
   * one turn of the event loop, before any of its tasks reaches run(), is let in whole, and the
   * callers past the queue's room do all their work only to be refused at run().
   */
  admit(): { place: QueuePlace } | { retryAfterMs: number } {
    const now = performance.now();
    while (this.places.length > 0 && now - (this.places[0] as QueuePlace).since > PLACE_LIMIT_MS) {
      (this.places.shift() as QueuePlace).held = false;
    }
    // The places that will find a free slot start at once; the others will wait like the queue's.
    const freeSlots = Math.max(0, this.limits.concurrency - this.running);
    const ahead = this.waiting.length + Math.max(0, this.places.length - freeSlots);
    const free = this.places.length < freeSlots;
    if (!free && (ahead >= this.limits.maxQueue || this.expectedWaitMs(ahead) > this.limits.maxWaitMs)) {
      this.counters.refusedFull++;
      return { retryAfterMs: this.retryAfterMs() };
    }
    const place: QueuePlace = { held: true, since: now };
    this.places.push(place);
    return { place };
  }

  /** Gives back an admitted caller's place if its task never took it (the caller ended without one). */
  release(place: QueuePlace): void {
    if (!place.held) return;
    place.held = false;
    const index = this.places.indexOf(place);
    if (index >= 0) this.places.splice(index, 1);
  }

  private retryAfterMs(): number {
    const perSlot = (this.waiting.length + 1) / Math.max(1, this.limits.concurrency);
    return Math.max(1000, Math.ceil(perSlot * this.averageRunMs));
  }

  /** How long a task arriving now would wait for a slot, from the tasks ahead and their usual run. */
  private expectedWaitMs(ahead = this.waiting.length): number {
    return ((ahead + 1) / Math.max(1, this.limits.concurrency)) * this.averageRunMs;
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
