import type { Queryable, StudioDatabase } from '../db/client';

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

export type CallRow = {
  transaction_id: string;
  round_id: string;
  action: 'bet' | 'win' | 'rollback';
  body: string;
  state: 'pending' | 'done' | 'abandoned';
  attempts: number;
  last_status: string | null;
  answer: string | null;
};

export type RoundResult = {
  outcome?: Record<string, unknown>;
  multiplierBp?: bigint | number;
  secret?: Record<string, unknown>;
};

/**
 * The SQL of rounds and their wallet calls (the outbox). Methods that take a `Queryable` run inside
 * the caller's transaction, so a decision and its call are written together.
 */
export class RoundsRepository {
  constructor(private readonly db: StudioDatabase) {}

  transaction<T>(run: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction(run);
  }

  // --- rounds --------------------------------------------------------------------------------------

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
    return row as RoundRow;
  }

  async findRound(id: string): Promise<RoundRow | null> {
    const [row] = await this.db.query<RoundRow>('select * from rounds where id = $1', [id]);
    return row ?? null;
  }

  /** Sets the payout of an acknowledged round that has no result yet; undefined if it cannot. */
  async setPayout(q: Queryable, roundId: string, payout: bigint, extra: RoundResult) {
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
    return round;
  }

  /** Marks a round to be refunded unless its result is decided; undefined if it cannot be. */
  async setRefundReason(q: Queryable, roundId: string, reason: string) {
    const [round] = await q.query<RoundRow>(
      `update rounds set refund_reason = $2, updated_at = now()
        where id = $1 and refund_reason is null
          and (state = 'open' or (state = 'bet_acknowledged' and payout is null))
        returning *`,
      [roundId, reason],
    );
    return round;
  }

  async acknowledgeBet(q: Queryable, roundId: string, balance: bigint | null) {
    const [acknowledged] = await q.query<RoundRow>(
      `update rounds set state = 'bet_acknowledged', balance = $2, updated_at = now()
        where id = $1 and state = 'open' and refund_reason is null
        returning *`,
      [roundId, balance],
    );
    return acknowledged;
  }

  async rejectRound(q: Queryable, roundId: string, status: string, balance: bigint | null): Promise<void> {
    await q.query(
      `update rounds set state = 'rejected', reject_status = $2, balance = $3, updated_at = now(), closed_at = now()
        where id = $1 and state = 'open'`,
      [roundId, status, balance],
    );
  }

  async settleRound(q: Queryable, roundId: string, balance: bigint | null): Promise<void> {
    await q.query(
      `update rounds set state = 'settled', balance = $2, updated_at = now(), closed_at = now()
        where id = $1 and state = 'bet_acknowledged'`,
      [roundId, balance],
    );
  }

  async refundRound(q: Queryable, roundId: string, balance: bigint | null): Promise<void> {
    await q.query(
      `update rounds set state = 'refunded', balance = $2, updated_at = now(), closed_at = now()
        where id = $1 and state in ('open', 'bet_acknowledged')`,
      [roundId, balance],
    );
  }

  /** Rounds whose bet was sent but whose answer nobody read (left by a crash). */
  unreadRoundIds() {
    return this.db.query<{ id: string }>(
      "select id from rounds where state = 'open' and refund_reason is null",
    );
  }

  /** Decided rounds whose win call was never written. */
  roundsMissingWin(q: Queryable) {
    return q.query<RoundRow>(
      `select r.* from rounds r
        where r.state = 'bet_acknowledged' and r.payout is not null
          and not exists (select 1 from wallet_calls c where c.transaction_id = r.id || ':win')`,
    );
  }

  /** Rounds being refunded whose rollback call was never written. */
  roundsMissingRollback(q: Queryable) {
    return q.query<RoundRow>(
      `select r.* from rounds r
        where r.state in ('open', 'bet_acknowledged') and r.refund_reason is not null
          and not exists (select 1 from wallet_calls c where c.transaction_id = r.id || ':rollback')`,
    );
  }

  // --- wallet calls (the outbox) -----------------------------------------------------------------

  /** Writes a call (once per transaction id), not due for `delaySeconds`. */
  /**
   * Writes a call (once per transaction id). `attempts` 1 writes it already taken by its first
   * sending (by the request that decided it, right after the commit). Answers the row written, or
   * undefined when the id was there already.
   */
  async insertCall(
    q: Queryable,
    roundId: string,
    action: CallRow['action'],
    body: { transactionId: string } & Record<string, unknown>,
    delaySeconds: number,
    attempts = 0,
  ): Promise<CallRow | undefined> {
    const [call] = await q.query<CallRow>(
      `insert into wallet_calls (transaction_id, round_id, action, body, next_attempt_at, attempts)
       values ($1, $2, $3, $4, now() + make_interval(secs => $5), $6)
       on conflict (transaction_id) do nothing
       returning *`,
      [body.transactionId, roundId, action, JSON.stringify(body), delaySeconds, attempts],
    );
    return call;
  }

  async findCall(transactionId: string): Promise<CallRow | undefined> {
    const [call] = await this.db.query<CallRow>('select * from wallet_calls where transaction_id = $1', [
      transactionId,
    ]);
    return call;
  }

  /** Leases a pending call for one attempt; undefined if it is no longer pending. */
  async leaseCall(transactionId: string, leaseSeconds: number): Promise<CallRow | undefined> {
    const [call] = await this.db.query<CallRow>(
      `update wallet_calls set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
        where transaction_id = $1 and state = 'pending'
        returning *`,
      [transactionId, leaseSeconds],
    );
    return call;
  }

  /** Leases up to `batch` due wins and rollbacks, skipping those another worker holds. */
  leaseDue(batch: number, leaseSeconds: number) {
    return this.db.query<CallRow>(
      `update wallet_calls c set attempts = c.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
        where c.transaction_id in (
          select transaction_id from wallet_calls
           where state = 'pending' and action <> 'bet' and next_attempt_at <= now()
           order by next_attempt_at
           limit $1
           for update skip locked)
        returning c.*`,
      [batch, leaseSeconds],
    );
  }

  async callDone(q: Queryable, transactionId: string, status: string, answer: string): Promise<void> {
    await q.query(
      `update wallet_calls set state = 'done', last_status = $2, answer = $3, done_at = now()
        where transaction_id = $1`,
      [transactionId, status, answer],
    );
  }

  /** The bet is never sent again, whatever happened to it. */
  async abandonBet(q: Queryable, transactionId: string): Promise<void> {
    await q.query(
      `update wallet_calls set state = 'abandoned', last_status = coalesce(last_status, 'ROLLED_BACK')
        where transaction_id = $1 and state = 'pending'`,
      [transactionId],
    );
  }

  async noteStatus(transactionId: string, status: string): Promise<void> {
    await this.db.query(`update wallet_calls set last_status = $2 where transaction_id = $1`, [
      transactionId,
      status,
    ]);
  }

  async retryLater(transactionId: string, status: string, delaySeconds: number): Promise<void> {
    await this.db.query(
      `update wallet_calls set last_status = $2, next_attempt_at = now() + make_interval(secs => $3)
        where transaction_id = $1 and state = 'pending'`,
      [transactionId, status, delaySeconds],
    );
  }

  /** Makes every pending win and rollback due now. */
  async makePendingDue(): Promise<void> {
    await this.db.query(
      "update wallet_calls set next_attempt_at = now() where state = 'pending' and action <> 'bet'",
    );
  }

  /** Pending wins and rollbacks. */
  async pendingCount(): Promise<number> {
    const [row] = await this.db.query<{ n: bigint }>(
      "select count(*)::int8 as n from wallet_calls where state = 'pending' and action <> 'bet'",
    );
    return Number(row?.n ?? 0);
  }
}
