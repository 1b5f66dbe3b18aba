/**
 * Group commit: calls submitted while a database call is in flight wait, and go together in the next
 * one (one statement, one transaction, one commit), in the order they arrived. Under load the batch
 * grows with the wait, so the database's fixed cost per statement and per commit is shared by many
 * calls; when idle, a call goes at once and alone.
 *
 * One batch is in flight at a time: batches of one process never wait for each other's row locks, so
 * they cannot deadlock each other (the hot clearing accounts are in most of them).
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
};

export class GroupCommit<C, R> {
  private queue: Array<Waiting<C, R>> = [];
  private running = false;
  readonly stats: GroupCommitStats = { alone: 0, batches: 0, batchedCalls: 0, failedBatches: 0 };

  constructor(private readonly options: GroupCommitOptions<C, R>) {}

  submit(call: C): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ call, resolve, reject });
      if (!this.running) {
        this.running = true;
        // After the current I/O phase: the other requests read in it join this first batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.options.maxCalls);
        if (batch.length === 1) {
          this.stats.alone++;
          await this.runAlone(batch[0] as Waiting<C, R>);
        } else {
          this.stats.batches++;
          this.stats.batchedCalls += batch.length;
          await this.runTogether(batch);
        }
      }
    } finally {
      this.running = false;
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
