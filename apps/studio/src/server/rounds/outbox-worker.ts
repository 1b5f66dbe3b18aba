import type { FastifyBaseLogger } from 'fastify';
import type { SeamlessWalletClient, WalletOutcome } from '../seamless-wallet/seamless-wallet-client';
import type { CallRow, RoundsRepository } from './rounds.repository';

export type Delivery = { acknowledged: boolean; balance: bigint | null };

/** What to keep on the round with a call's acknowledgement (the reply to a bet), given its balance. */
export type ReplyOnAcknowledged = (balance: bigint | null) => Record<string, unknown>;

export type OutboxOptions = {
  retryBaseMs: number;
  retryMaxMs: number;
  walletTimeoutMs: number;
  log: FastifyBaseLogger;
};

const BATCH = 64;
const IDLE_POLL_MS = 200;

export const toBigint = (n: number | null | undefined) => (n === null || n === undefined ? null : BigInt(n));

/**
 * Sends the wallet calls written in the outbox: a win or rollback is sent at once by whoever
 * decided it and, until the platform acknowledges it, again by this worker with backoff. An
 * acknowledged call closes its round.
 */
export class OutboxWorker {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly repository: RoundsRepository,
    private readonly wallet: SeamlessWalletClient,
    private readonly options: OutboxOptions,
  ) {}

  /** A call is leased for this long while it is being sent, so the worker does not pick it up too. */
  get leaseSeconds(): number {
    return this.options.walletTimeoutMs / 1000 + 5;
  }

  /** Sends a call, counted as in flight so `stop` waits for its answer. */
  send(action: CallRow['action'], body: string): Promise<WalletOutcome> {
    const promise = this.wallet.send(action, body);
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  /** One attempt of a pending win or rollback now (the worker retries it if this one fails). */
  async deliverNow(transactionId: string): Promise<Delivery> {
    const call = await this.repository.leaseCall(transactionId, this.leaseSeconds);
    if (!call) {
      const done = await this.repository.findCall(transactionId);
      return { acknowledged: done?.state === 'done', balance: balanceOf(done?.answer ?? null) };
    }
    return this.deliver(call);
  }

  /** One attempt of a call this caller holds (leased, or written taken). */
  async deliver(call: CallRow, replyOnAcknowledged?: ReplyOnAcknowledged): Promise<Delivery> {
    const outcome = await this.send(call.action, call.body);
    return this.applyAnswer(call, outcome, replyOnAcknowledged);
  }

  private async applyAnswer(
    call: CallRow,
    outcome: WalletOutcome,
    replyOnAcknowledged?: ReplyOnAcknowledged,
  ): Promise<Delivery> {
    if (outcome.kind === 'answer' && outcome.answer.status === 'OK') {
      const balance = toBigint(outcome.answer.balance);
      await this.repository.closeRound(call, outcome.raw, balance, replyOnAcknowledged?.(balance) ?? null);
      return { acknowledged: true, balance };
    }
    const status = outcome.kind === 'answer' ? outcome.answer.status : outcome.reason;
    // A definite refusal of a win or rollback is not expected in any state of ours: keep retrying,
    // slowly, and say so loudly; an unknown outcome is simply repeated.
    const isAnomaly = outcome.kind === 'answer';
    const delayMs = isAnomaly ? this.options.retryMaxMs : this.backoffMs(call.attempts);
    (isAnomaly ? this.options.log.error : this.options.log.warn).call(
      this.options.log,
      { transactionId: call.transaction_id, status, attempts: call.attempts, retryInMs: delayMs },
      `wallet ${call.action} not acknowledged`,
    );
    await this.repository.retryLater(call.transaction_id, status, delayMs / 1000);
    return {
      acknowledged: false,
      balance: outcome.kind === 'answer' ? toBigint(outcome.answer.balance) : null,
    };
  }

  private backoffMs(attempts: number): number {
    const base = Math.min(this.options.retryMaxMs, this.options.retryBaseMs * 2 ** Math.max(0, attempts - 1));
    return Math.round(base * (0.8 + Math.random() * 0.4));
  }

  /** Sends every due win and rollback; answers how many were attempted. */
  async runOnce(): Promise<number> {
    const calls = await this.repository.leaseDue(BATCH, this.leaseSeconds);
    await Promise.all(
      calls.map((call) =>
        this.deliver(call).catch((error) =>
          this.options.log.error(
            { err: error, transactionId: call.transaction_id },
            'wallet delivery failed',
          ),
        ),
      ),
    );
    return calls.length;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        let attempted = 0;
        try {
          attempted = await this.runOnce();
        } catch (error) {
          this.options.log.error({ err: error }, 'wallet outbox pass failed');
        }
        if (attempted < BATCH && this.running) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, IDLE_POLL_MS);
            this.wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          this.wake = null;
        }
      }
    })();
  }

  /** Runs the worker's next pass now (after new work was queued). */
  poke(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Pending wins and rollbacks (and bets not yet answered). */
  pendingCount(): Promise<number> {
    return this.repository.pendingCount();
  }

  /**
   * Sends everything pending now, ignoring backoff, until nothing is left or `timeoutMs` passes
   * (graceful shutdown, tests). Answers what is still pending.
   */
  async flush(timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.repository.makePendingDue();
      await this.runOnce();
      const left = await this.pendingCount();
      if (left === 0 || Date.now() >= deadline) return left;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function balanceOf(answer: string | null): bigint | null {
  if (!answer) return null;
  try {
    const balance = (JSON.parse(answer) as { balance?: unknown }).balance;
    return typeof balance === 'number' ? BigInt(balance) : null;
  } catch {
    return null;
  }
}
