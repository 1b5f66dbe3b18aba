import type { VendorWalletStatus } from '@sorte/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable, StudioDatabase } from '../db/client';
import { betRefusals, type WalletClient, type WalletOutcome } from '../wallet/wallet-client';
import { betTransactionId, rollbackTransactionId, winTransactionId } from './ids';

export type RoundState = 'open' | 'bet_acknowledged' | 'settled' | 'refunded' | 'rejected';
export const closedRoundStates: readonly RoundState[] = ['settled', 'refunded', 'rejected'];

export type RoundRow = {
  id: string;
  player_id: string;
  currency: string;
  game_code: string;
  request_id: string | null;
  stake: bigint;
  state: RoundState;
  seed_id: bigint | null;
  nonce: number | null;
  crash_game_id: bigint | null;
  params: Record<string, unknown>;
  outcome: Record<string, unknown> | null;
  secret: Record<string, unknown> | null;
  payout: bigint | null;
  multiplier_bp: bigint | null;
  refund_reason: string | null;
  balance: bigint | null;
  reject_status: string | null;
  reply: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  closed_at: Date | null;
};

export type NewRound = {
  id: string;
  playerId: string;
  currency: string;
  gameCode: string;
  stake: bigint;
  requestId?: string | null;
  seedId?: bigint | null;
  nonce?: number | null;
  crashGameId?: bigint | null;
  params?: Record<string, unknown>;
  outcome?: Record<string, unknown> | null;
  secret?: Record<string, unknown> | null;
  /** Known at once for single-step games: the win call follows the bet's acknowledgement. */
  payout?: bigint | null;
  multiplierBp?: bigint | number | null;
};

type CallRow = {
  transaction_id: string;
  round_id: string;
  action: 'bet' | 'win' | 'rollback';
  body: string;
  state: 'pending' | 'done' | 'abandoned';
  attempts: number;
  last_status: string | null;
  answer: string | null;
};

export type BetResult =
  | { kind: 'accepted'; balance: bigint | null }
  | { kind: 'refused'; status: VendorWalletStatus; balance: bigint | null }
  /** The answer was lost: the bet is being rolled back (retried until acknowledged). */
  | { kind: 'unconfirmed'; reason: string; balance: bigint | null };

export type Delivery = { acknowledged: boolean; balance: bigint | null };

export type SettlementOptions = {
  retryBaseMs: number;
  retryMaxMs: number;
  walletTimeoutMs: number;
  log: FastifyBaseLogger;
};

const BATCH = 64;
const IDLE_POLL_MS = 200;

const toBigint = (n: number | null | undefined) => (n === null || n === undefined ? null : BigInt(n));

/**
 * Rounds and the wallet calls that move their money. Every decision is written before it is sent:
 * the round row and its call (bet, win or rollback, with the exact body) in one transaction; a call
 * is then sent at once and, for wins and rollbacks, retried from the outbox with backoff until the
 * platform acknowledges it. Bets are never repeated: a bet whose answer is lost is rolled back.
 */
export class Settlement {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly db: StudioDatabase,
    private readonly wallet: WalletClient,
    private readonly options: SettlementOptions,
  ) {}

  /** A call is leased for this long while it is being sent, so the worker does not pick it up too. */
  private get leaseSeconds(): number {
    return this.options.walletTimeoutMs / 1000 + 5;
  }

  // --- writing decisions -------------------------------------------------------------------------

  /** Inserts an open round and its bet call, inside the caller's transaction. */
  async insertRound(tx: Queryable, r: NewRound): Promise<RoundRow> {
    const [row] = await tx.query<RoundRow>(
      `insert into rounds (id, player_id, currency, game_code, request_id, stake, seed_id, nonce, crash_game_id,
                           params, outcome, secret, payout, multiplier_bp)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       returning *`,
      [
        r.id,
        r.playerId,
        r.currency,
        r.gameCode,
        r.requestId ?? null,
        r.stake,
        r.seedId ?? null,
        r.nonce ?? null,
        r.crashGameId ?? null,
        JSON.stringify(r.params ?? {}),
        r.outcome ? JSON.stringify(r.outcome) : null,
        r.secret ? JSON.stringify(r.secret) : null,
        r.payout ?? null,
        r.multiplierBp === undefined || r.multiplierBp === null ? null : BigInt(r.multiplierBp),
      ],
    );
    const round = row as RoundRow;
    await this.insertCall(tx, round.id, 'bet', {
      transactionId: betTransactionId(round.id),
      playerId: round.player_id,
      roundId: round.id,
      gameCode: round.game_code,
      amount: Number(round.stake),
      currency: round.currency,
    });
    return round;
  }

  private async insertCall(
    tx: Queryable,
    roundId: string,
    action: CallRow['action'],
    body: { transactionId: string } & Record<string, unknown>,
    dueNow = false,
  ): Promise<void> {
    await tx.query(
      `insert into wallet_calls (transaction_id, round_id, action, body, next_attempt_at)
       values ($1, $2, $3, $4, now() + make_interval(secs => $5))
       on conflict (transaction_id) do nothing`,
      // Unless the worker is to send it, not due before its first (inline) attempt has had time to finish.
      [body.transactionId, roundId, action, JSON.stringify(body), dueNow ? 0 : this.leaseSeconds],
    );
  }

  private winBody(round: RoundRow, payout: bigint) {
    return {
      transactionId: winTransactionId(round.id),
      playerId: round.player_id,
      roundId: round.id,
      gameCode: round.game_code,
      amount: Number(payout),
      currency: round.currency,
      roundEnded: true,
    };
  }

  private rollbackBody(round: RoundRow) {
    return {
      transactionId: rollbackTransactionId(round.id),
      playerId: round.player_id,
      roundId: round.id,
      refTransactionId: betTransactionId(round.id),
    };
  }

  /**
   * Decides a round's result: the payout (0 for a loss) and its win call, written together. Only an
   * acknowledged round with no result yet can be decided; answers whether this call decided it.
   */
  async decideWin(
    roundId: string,
    payout: bigint,
    extra: {
      outcome?: Record<string, unknown>;
      multiplierBp?: bigint | number;
      secret?: Record<string, unknown>;
    } = {},
    tx?: Queryable,
    dueNow = false,
  ): Promise<RoundRow | null> {
    const run = async (q: Queryable) => {
      const [round] = await q.query<RoundRow>(
        `update rounds
            set payout = $2, outcome = coalesce($3::jsonb, outcome), multiplier_bp = coalesce($4, multiplier_bp),
                secret = coalesce($5::jsonb, secret), updated_at = now()
          where id = $1 and state = 'bet_acknowledged' and payout is null and refund_reason is null
          returning *`,
        [
          roundId,
          payout,
          extra.outcome ? JSON.stringify(extra.outcome) : null,
          extra.multiplierBp === undefined ? null : BigInt(extra.multiplierBp),
          extra.secret ? JSON.stringify(extra.secret) : null,
        ],
      );
      if (!round) return null;
      await this.insertCall(q, round.id, 'win', this.winBody(round, payout), dueNow);
      return round;
    };
    return tx ? run(tx) : this.db.transaction(run);
  }

  /**
   * Decides to refund a round (a bet whose answer was lost, an aborted crash game, a mines round
   * left without picks): the rollback call is written with the decision. A round whose result is
   * already decided cannot be refunded.
   */
  async decideRefund(
    roundId: string,
    reason: string,
    tx?: Queryable,
    dueNow = false,
  ): Promise<RoundRow | null> {
    const run = async (q: Queryable) => {
      const [round] = await q.query<RoundRow>(
        `update rounds set refund_reason = $2, updated_at = now()
          where id = $1 and refund_reason is null
            and (state = 'open' or (state = 'bet_acknowledged' and payout is null))
          returning *`,
        [roundId, reason],
      );
      if (!round) return null;
      // The bet is never sent again, whatever happened to it.
      await q.query(
        `update wallet_calls set state = 'abandoned', last_status = coalesce(last_status, 'ROLLED_BACK')
          where transaction_id = $1 and state = 'pending'`,
        [betTransactionId(roundId)],
      );
      await this.insertCall(q, round.id, 'rollback', this.rollbackBody(round), dueNow);
      return round;
    };
    return tx ? run(tx) : this.db.transaction(run);
  }

  // --- sending -------------------------------------------------------------------------------------

  /** Sends a round's bet (once) and records what the platform answered. */
  async placeBet(round: RoundRow): Promise<BetResult> {
    const transactionId = betTransactionId(round.id);
    const [call] = await this.db.query<CallRow>(
      `update wallet_calls set attempts = attempts + 1
        where transaction_id = $1 and state = 'pending' and attempts = 0
        returning *`,
      [transactionId],
    );
    if (!call) throw new Error(`bet ${transactionId} was already sent`);
    const outcome = await this.track(this.wallet.send('bet', call.body));
    if (outcome.kind === 'answer') {
      const { status, balance } = outcome.answer;
      if (status === 'OK') {
        await this.db.transaction(async (tx) => {
          await tx.query(
            `update wallet_calls set state = 'done', last_status = $2, answer = $3, done_at = now()
              where transaction_id = $1`,
            [transactionId, status, outcome.raw],
          );
          const [acknowledged] = await tx.query<RoundRow>(
            `update rounds set state = 'bet_acknowledged', balance = $2, updated_at = now()
              where id = $1 and state = 'open' and refund_reason is null
              returning *`,
            [round.id, toBigint(balance)],
          );
          if (acknowledged && acknowledged.payout !== null)
            await this.insertCall(
              tx,
              acknowledged.id,
              'win',
              this.winBody(acknowledged, acknowledged.payout),
            );
        });
        return { kind: 'accepted', balance: toBigint(balance) };
      }
      if (betRefusals.has(status)) {
        await this.db.transaction(async (tx) => {
          await tx.query(
            `update wallet_calls set state = 'done', last_status = $2, answer = $3, done_at = now()
              where transaction_id = $1`,
            [transactionId, status, outcome.raw],
          );
          await tx.query(
            `update rounds set state = 'rejected', reject_status = $2, balance = $3, updated_at = now(), closed_at = now()
              where id = $1 and state = 'open'`,
            [round.id, status, toBigint(balance)],
          );
        });
        return { kind: 'refused', status, balance: toBigint(balance) };
      }
    }
    const reason = outcome.kind === 'unknown' ? outcome.reason : `UNEXPECTED ${outcome.answer.status}`;
    this.options.log.warn({ roundId: round.id, reason }, 'bet answer lost: rolling the bet back');
    await this.db.query(`update wallet_calls set last_status = $2 where transaction_id = $1`, [
      transactionId,
      reason,
    ]);
    await this.decideRefund(round.id, `bet unconfirmed: ${reason}`);
    const refund = await this.deliverNow(rollbackTransactionId(round.id));
    return { kind: 'unconfirmed', reason, balance: refund.balance };
  }

  /** One attempt of a pending win or rollback now (the worker retries it if this one fails). */
  async deliverNow(transactionId: string): Promise<Delivery> {
    const [call] = await this.db.query<CallRow>(
      `update wallet_calls set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
        where transaction_id = $1 and state = 'pending'
        returning *`,
      [transactionId, this.leaseSeconds],
    );
    if (!call) {
      const [done] = await this.db.query<CallRow>('select * from wallet_calls where transaction_id = $1', [
        transactionId,
      ]);
      return { acknowledged: done?.state === 'done', balance: balanceOf(done?.answer ?? null) };
    }
    return this.deliver(call);
  }

  private async deliver(call: CallRow): Promise<Delivery> {
    const outcome = await this.track(this.wallet.send(call.action, call.body));
    return this.applyAnswer(call, outcome);
  }

  private async applyAnswer(call: CallRow, outcome: WalletOutcome): Promise<Delivery> {
    if (outcome.kind === 'answer' && outcome.answer.status === 'OK') {
      const balance = toBigint(outcome.answer.balance);
      await this.db.transaction(async (tx) => {
        await tx.query(
          `update wallet_calls set state = 'done', last_status = 'OK', answer = $2, done_at = now()
            where transaction_id = $1`,
          [call.transaction_id, outcome.raw],
        );
        if (call.action === 'win') {
          await tx.query(
            `update rounds set state = 'settled', balance = $2, updated_at = now(), closed_at = now()
              where id = $1 and state = 'bet_acknowledged'`,
            [call.round_id, balance],
          );
        } else if (call.action === 'rollback') {
          await tx.query(
            `update rounds set state = 'refunded', balance = $2, updated_at = now(), closed_at = now()
              where id = $1 and state in ('open', 'bet_acknowledged')`,
            [call.round_id, balance],
          );
        }
      });
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
    await this.db.query(
      `update wallet_calls set last_status = $2, next_attempt_at = now() + make_interval(secs => $3)
        where transaction_id = $1 and state = 'pending'`,
      [call.transaction_id, status, delayMs / 1000],
    );
    return {
      acknowledged: false,
      balance: outcome.kind === 'answer' ? toBigint(outcome.answer.balance) : null,
    };
  }

  private backoffMs(attempts: number): number {
    const base = Math.min(this.options.retryMaxMs, this.options.retryBaseMs * 2 ** Math.max(0, attempts - 1));
    return Math.round(base * (0.8 + Math.random() * 0.4));
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  // --- the outbox worker -------------------------------------------------------------------------

  /** Sends every due win and rollback; answers how many were attempted. */
  async runOnce(): Promise<number> {
    const calls = await this.db.query<CallRow>(
      `update wallet_calls c set attempts = c.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
        where c.transaction_id in (
          select transaction_id from wallet_calls
           where state = 'pending' and action <> 'bet' and next_attempt_at <= now()
           order by next_attempt_at
           limit $1
           for update skip locked)
        returning c.*`,
      [BATCH, this.leaseSeconds],
    );
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
  async pendingCount(): Promise<number> {
    const [row] = await this.db.query<{ n: bigint }>(
      "select count(*)::int8 as n from wallet_calls where state = 'pending' and action <> 'bet'",
    );
    return Number(row?.n ?? 0);
  }

  /**
   * Sends everything pending now, ignoring backoff, until nothing is left or `timeoutMs` passes
   * (graceful shutdown, tests). Answers what is still pending.
   */
  async flush(timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.db.query(
        "update wallet_calls set next_attempt_at = now() where state = 'pending' and action <> 'bet'",
      );
      await this.runOnce();
      const left = await this.pendingCount();
      if (left === 0 || Date.now() >= deadline) return left;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  // --- recovery ------------------------------------------------------------------------------------

  /**
   * At start, before any new round: every round left open gets its closing call. A bet nobody read
   * the answer of is rolled back; a decided result gets its win call; whatever is pending is due now.
   * (Crash games and mines rounds are settled by their own engines first.) Answers the counts.
   */
  async recover(): Promise<{ refunds: number; wins: number; pending: number }> {
    let refunds = 0;
    const unread = await this.db.query<{ id: string }>(
      "select id from rounds where state = 'open' and refund_reason is null",
    );
    for (const { id } of unread)
      if (await this.decideRefund(id, 'recovered: bet answer never read')) refunds++;
    const wins = await this.db.transaction(async (tx) => {
      const rounds = await tx.query<RoundRow>(
        `select r.* from rounds r
          where r.state = 'bet_acknowledged' and r.payout is not null
            and not exists (select 1 from wallet_calls c where c.transaction_id = r.id || ':win')`,
      );
      for (const round of rounds)
        await this.insertCall(tx, round.id, 'win', this.winBody(round, round.payout as bigint));
      const refunding = await tx.query<RoundRow>(
        `select r.* from rounds r
          where r.state in ('open', 'bet_acknowledged') and r.refund_reason is not null
            and not exists (select 1 from wallet_calls c where c.transaction_id = r.id || ':rollback')`,
      );
      for (const round of refunding)
        await this.insertCall(tx, round.id, 'rollback', this.rollbackBody(round));
      return rounds.length;
    });
    await this.db.query(
      "update wallet_calls set next_attempt_at = now() where state = 'pending' and action <> 'bet'",
    );
    return { refunds, wins, pending: await this.pendingCount() };
  }

  async findRound(id: string): Promise<RoundRow | null> {
    const [row] = await this.db.query<RoundRow>('select * from rounds where id = $1', [id]);
    return row ?? null;
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
