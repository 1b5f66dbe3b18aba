/**
 * Group commit: calls submitted while the database is busy wait, and go together in a later batch
 * (one statement, one transaction, one commit), in the order they arrived. The database's fixed cost
 * per statement and per commit is shared by the calls of a batch; when idle, a call goes at once and
 * alone.
 *
 * Up to `maxInFlight` batches run at the same time, each on its own connection. With a single batch
 * in flight, a call arriving just after it started waited for all of it (its rows, its commit and
 * its flush to disk) before its own batch could even start, and the next batch was bigger for that
 * wait: under a steady 2,000 calls/s the waits fed on themselves into a tail of 100-300 ms. With
 * several, the calls arriving while one runs start the next at once on another connection, so a
 * call waits for at most its own batch, and batches stay small. What runs side by side must not deadlock: the caller's
 * `many` keeps its batches' row locks in one order (seamless-wallet.service.ts), and a call marked
 * `exclusive` (whose locks cannot be ordered) runs only with nothing else in flight.
 *
 * If a batch fails (any error: one call's amount past bigint, a deadlock with another process, the
 * database away), nothing of it was written; its calls are then run one by one, in order, each alone
 * as without batching, so that each gets its own answer or its own error and one bad call never fails
 * the others.
 */
export type GroupCommitOptions<C, R> = {
  /** Runs one call alone (its own statement and transaction). */
  one: (call: C) => Promise<R>;
  /** Runs several calls in one statement and transaction; answers in the calls' order, or throws. */
  many: (calls: C[]) => Promise<R[]>;
  /** The most calls in one batch. */
  maxCalls: number;
  /** The most batches (or lone calls) running at once; 1 when not given. */
  maxInFlight?: number;
  /** A call that must run with nothing else in flight: its batch waits until the others are done. */
  exclusive?: (call: C) => boolean;
  /** Told when a batch failed and its calls are being run one by one. */
  onBatchFailed?: (error: unknown, calls: number) => void;
};

type Waiting<C, R> = { call: C; resolve: (answer: R) => void; reject: (error: unknown) => void };

export type GroupCommitStats = {
  /** Calls run alone (nothing else was waiting), batches of several, and the calls in those. */
  alone: number;
  batches: number;
  batchedCalls: number;
  /** Batches that failed and whose calls were then run one by one. */
  failedBatches: number;
  /** The most batches that were in flight at the same time. */
  mostInFlight: number;
};

export class GroupCommit<C, R> {
  private queue: Array<Waiting<C, R>> = [];
  private inFlight = 0;
  /** An exclusive batch is running: nothing else starts. */
  private exclusiveRunning = false;
  private dispatchScheduled = false;
  private readonly maxInFlight: number;
  readonly stats: GroupCommitStats = {
    alone: 0,
    batches: 0,
    batchedCalls: 0,
    failedBatches: 0,
    mostInFlight: 0,
  };

  constructor(private readonly options: GroupCommitOptions<C, R>) {
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 1);
  }

  submit(call: C): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ call, resolve, reject });
      this.scheduleDispatch();
    });
  }

  private scheduleDispatch(): void {
    if (this.dispatchScheduled || this.inFlight >= this.maxInFlight || this.exclusiveRunning) return;
    this.dispatchScheduled = true;
    // After the current I/O phase: the other requests read in it join this batch.
    setImmediate(() => {
      this.dispatchScheduled = false;
      this.dispatch();
    });
  }

  /**
   * Starts batches while connections are free, each with everything queued (up to maxCalls): calls
   * arriving together stay together, and those arriving while it runs start the next one at once.
   */
  private dispatch(): void {
    while (this.queue.length > 0 && this.inFlight < this.maxInFlight && !this.exclusiveRunning) {
      const size = Math.min(this.options.maxCalls, this.queue.length);
      const { exclusive } = this.options;
      const isExclusive = exclusive !== undefined && this.queue.slice(0, size).some((w) => exclusive(w.call));
      // Started again when the last batch in flight is done.
      if (isExclusive && this.inFlight > 0) return;
      if (isExclusive) this.exclusiveRunning = true;
      const batch = this.queue.splice(0, size);
      this.inFlight++;
      this.stats.mostInFlight = Math.max(this.stats.mostInFlight, this.inFlight);
      void this.run(batch).finally(() => {
        this.inFlight--;
        if (isExclusive) this.exclusiveRunning = false;
        // The calls queued meanwhile have waited already: they go now.
        this.dispatch();
      });
    }
  }

  private async run(batch: Array<Waiting<C, R>>): Promise<void> {
    if (batch.length === 1) {
      this.stats.alone++;
      await this.runAlone(batch[0] as Waiting<C, R>);
    } else {
      this.stats.batches++;
      this.stats.batchedCalls += batch.length;
      await this.runTogether(batch);
    }
  }

  private async runAlone(waiting: Waiting<C, R>): Promise<void> {
    try {
      waiting.resolve(await this.options.one(waiting.call));
    } catch (error) {
      waiting.reject(error);
    }
  }

  private async runTogether(batch: Array<Waiting<C, R>>): Promise<void> {
    let answers: R[];
    try {
      answers = await this.options.many(batch.map((w) => w.call));
    } catch (error) {
      this.stats.failedBatches++;
      this.options.onBatchFailed?.(error, batch.length);
      for (const waiting of batch) await this.runAlone(waiting);
      return;
    }
    for (const [i, waiting] of batch.entries()) waiting.resolve(answers[i] as R);
  }
}
