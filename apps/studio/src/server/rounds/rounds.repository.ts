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

/** A round's bet call as written with it: taken by the request that sends it (attempts 1). */
export type BetCall = { transactionId: string; body: string; delaySeconds: number };

const ROUND_COLUMNS = `id, player_id, currency, game_code, request_id, stake, seed_id, nonce, crash_game_id,
                       params, outcome, secret, payout, multiplier_bp`;

/** The bet call of the round `r` inserted in the same statement ($15–$17 of roundAndBetParams). */
const BET_CALL_OF_R = `bet as (
         insert into wallet_calls (transaction_id, round_id, action, body, next_attempt_at, attempts)
         select $15, r.id, 'bet', $16, now() + make_interval(secs => $17), 1 from r
         on conflict (transaction_id) do nothing
       )`;

/** $1–$14: the round in ROUND_COLUMNS' order; $15–$17: its bet call. */
function roundAndBetParams(r: NewRound, bet: BetCall): unknown[] {
  return [
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
    bet.transactionId,
    bet.body,
    bet.delaySeconds,
  ];
}

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

  /**
   * Inserts a round with its bet call (written taken: see Settlement.insertRound), in one statement
   * of the caller's transaction.
   */
  async insertRound(tx: Queryable, r: NewRound, bet: BetCall): Promise<RoundRow> {
    const [row] = await tx.query<RoundRow>(
      `with r as (
         insert into rounds (${ROUND_COLUMNS})
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
         returning *
       ), ${BET_CALL_OF_R}
       select * from r`,
      roundAndBetParams(r, bet),
    );
    return row as RoundRow;
  }

  /**
   * Inserts a round played on a pair's nonce with its bet call, taking the nonce, in one statement
   * (no transaction held open): only if `nonce` is still the next of the active pair `seedId`.
   * Undefined when it is not (taken meanwhile, or the pair rotated): nothing is written then.
   */
  async insertRoundOnNonce(
    r: NewRound & { seedId: bigint; nonce: number },
    bet: BetCall,
  ): Promise<RoundRow | undefined> {
    const [row] = await this.db.query<RoundRow>(
      `with s as (
         update player_seeds set next_nonce = next_nonce + 1
          where id = $7 and player_id = $2 and active and next_nonce = $8
         returning id
       ), r as (
         insert into rounds (${ROUND_COLUMNS})
         select $1::text, $2::text, $3::text, $4::text, $5::text, $6::bigint, s.id, $8::integer, $9::bigint,
                $10::jsonb, $11::jsonb, $12::jsonb, $13::bigint, $14::bigint
           from s
         returning *
       ), ${BET_CALL_OF_R}
       select * from r`,
      roundAndBetParams(r, bet),
    );
    return row;
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

  /**
   * The bet answered OK, in one statement (no transaction held open across several): its call done,
   * the round acknowledged and, for a result known at once, the win call written taken for its
   * first sending. Answers whether the round was acknowledged, and the win call if it was written.
   */
  async acknowledgeBet(
    transactionId: string,
    answer: string,
    roundId: string,
    balance: bigint | null,
    win: { transactionId: string; body: string; delaySeconds: number } | null,
  ): Promise<{ acknowledged: boolean; win: CallRow | undefined }> {
    const [row] = await this.db.query<{ acknowledged: boolean; win_written: boolean }>(
      `with done as (
         update wallet_calls set state = 'done', last_status = 'OK', answer = $2, done_at = now()
          where transaction_id = $1
       ), ack as (
         update rounds set state = 'bet_acknowledged', balance = $4, updated_at = now()
          where id = $3 and state = 'open' and refund_reason is null
         returning id
       ), win as (
         insert into wallet_calls (transaction_id, round_id, action, body, next_attempt_at, attempts)
         select $5::text, ack.id, 'win', $6, now() + make_interval(secs => $7), 1
           from ack where $5::text is not null
         on conflict (transaction_id) do nothing
         returning transaction_id
       )
       select exists (select 1 from ack) as acknowledged, exists (select 1 from win) as win_written`,
      [
        transactionId,
        answer,
        roundId,
        balance,
        win?.transactionId ?? null,
        win?.body ?? null,
        win?.delaySeconds ?? 0,
      ],
    );
    const written = win && row?.win_written;
    return {
      acknowledged: row?.acknowledged === true,
      win: written
        ? {
            transaction_id: win.transactionId,
            round_id: roundId,
            action: 'win',
            body: win.body,
            state: 'pending',
            attempts: 1,
            last_status: null,
            answer: null,
          }
        : undefined,
    };
  }

  async rejectRound(q: Queryable, roundId: string, status: string, balance: bigint | null): Promise<void> {
    await q.query(
      `update rounds set state = 'rejected', reject_status = $2, balance = $3, updated_at = now(), closed_at = now()
        where id = $1 and state = 'open'`,
      [roundId, status, balance],
    );
  }

  /**
   * A win or rollback acknowledged, in one statement: its call done and its round closed (settled
   * by a win, refunded by a rollback), with `reply` kept on the round when given.
   */
  async closeRound(
    call: Pick<CallRow, 'transaction_id' | 'round_id' | 'action'>,
    answer: string,
    balance: bigint | null,
    reply: Record<string, unknown> | null = null,
  ): Promise<void> {
    const refunded = call.action === 'rollback';
    await this.db.query(
      `with done as (
         update wallet_calls set state = 'done', last_status = 'OK', answer = $2, done_at = now()
          where transaction_id = $1
       )
       update rounds
          set state = $5, balance = $4, updated_at = now(), closed_at = now(),
              reply = coalesce($6::jsonb, reply)
        where id = $3 and state = any($7::text[])`,
      [
        call.transaction_id,
        answer,
        call.round_id,
        balance,
        refunded ? 'refunded' : 'settled',
        reply === null ? null : JSON.stringify(reply),
        refunded ? ['open', 'bet_acknowledged'] : ['bet_acknowledged'],
      ],
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
  async insertCall(
    q: Queryable,
    roundId: string,
    action: CallRow['action'],
    body: { transactionId: string } & Record<string, unknown>,
    delaySeconds: number,
  ): Promise<void> {
    await q.query(
      `insert into wallet_calls (transaction_id, round_id, action, body, next_attempt_at)
       values ($1, $2, $3, $4, now() + make_interval(secs => $5))
       on conflict (transaction_id) do nothing`,
      [body.transactionId, roundId, action, JSON.stringify(body), delaySeconds],
    );
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
