import type { SeamlessWalletStatus } from '@sorte/shared';
import type { Queryable, StudioDatabase } from '../db/client';
import { betRefusals, type SeamlessWalletClient } from '../seamless-wallet/seamless-wallet-client';
import { betTransactionId, rollbackTransactionId, winTransactionId } from './ids';
import {
  type Delivery,
  type OutboxOptions,
  OutboxWorker,
  type ReplyOnAcknowledged,
  toBigint,
} from './outbox-worker';
import {
  type BetCall,
  type CallRow,
  type NewRound,
  type RoundResult,
  type RoundRow,
  RoundsRepository,
} from './rounds.repository';

export type { Delivery, ReplyOnAcknowledged } from './outbox-worker';
export type { NewRound, RoundRow, RoundState } from './rounds.repository';
export { closedRoundStates } from './rounds.repository';

export type BetResult =
  | {
      kind: 'accepted';
      balance: bigint | null;
      /** The win call written with the acknowledgement (a result known at once), for `deliver`. */
      win?: CallRow;
    }
  | { kind: 'refused'; status: SeamlessWalletStatus; balance: bigint | null }
  /** The answer was lost: the bet is being rolled back (retried until acknowledged). */
  | { kind: 'unconfirmed'; reason: string; balance: bigint | null };

export type SettlementOptions = OutboxOptions;

/** A round's bet call: the body written with the round and sent once. */
const betBody = (round: {
  id: string;
  playerId: string;
  gameCode: string;
  stake: bigint;
  currency: string;
}) => ({
  transactionId: betTransactionId(round.id),
  playerId: round.playerId,
  roundId: round.id,
  gameCode: round.gameCode,
  amount: Number(round.stake),
  currency: round.currency,
});

/**
 * The decisions on rounds and the wallet calls that move their money. Every decision is written
 * before it is sent: the round row and its call (bet, win or rollback, with the exact body) in one
 * transaction (SQL in RoundsRepository); a call is then sent at once and, for wins and rollbacks,
 * retried by the OutboxWorker with backoff until the platform acknowledges it. Bets are never
 * repeated: a bet whose answer is lost is rolled back.
 */
export class Settlement {
  private readonly rounds: RoundsRepository;
  private readonly outbox: OutboxWorker;

  constructor(
    db: StudioDatabase,
    wallet: SeamlessWalletClient,
    private readonly options: SettlementOptions,
  ) {
    this.rounds = new RoundsRepository(db);
    this.outbox = new OutboxWorker(this.rounds, wallet, options);
  }

  /** Writes a call; unless the worker is to send it, not due before its first (inline) attempt has had time to finish. */
  private insertCall(
    tx: Queryable,
    roundId: string,
    action: 'bet' | 'win' | 'rollback',
    body: { transactionId: string } & Record<string, unknown>,
    dueNow = false,
  ): Promise<void> {
    return this.rounds.insertCall(tx, roundId, action, body, dueNow ? 0 : this.outbox.leaseSeconds);
  }

  /**
   * Inserts an open round and its bet call, inside the caller's transaction. The bet is written as
   * sent: the caller sends it right after the commit (placeBet), and a bet is never sent twice nor
   * by the worker. Should the process stop in between, recovery rolls the round back as it does any
   * bet whose answer was not read.
   */
  insertRound(tx: Queryable, r: NewRound): Promise<RoundRow> {
    return this.rounds.insertRound(tx, r, this.betCall(r));
  }

  /**
   * The same for a round played on a pair's nonce, taking the nonce with it in one statement, no
   * transaction (SeedService.onNextNonce): undefined when the nonce was no longer the pair's next.
   */
  insertRoundOnNonce(r: NewRound & { seedId: bigint; nonce: number }): Promise<RoundRow | undefined> {
    return this.rounds.insertRoundOnNonce(r, this.betCall(r));
  }

  /** The bet call written with a new round. */
  private betCall(r: NewRound): BetCall {
    const body = betBody(r);
    return {
      transactionId: body.transactionId,
      body: JSON.stringify(body),
      delaySeconds: this.outbox.leaseSeconds,
    };
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
    extra: RoundResult = {},
    tx?: Queryable,
    dueNow = false,
  ): Promise<RoundRow | null> {
    const run = async (q: Queryable) => {
      const round = await this.rounds.setPayout(q, roundId, payout, extra);
      if (!round) return null;
      await this.insertCall(q, round.id, 'win', this.winBody(round, payout), dueNow);
      return round;
    };
    return tx ? run(tx) : this.rounds.transaction(run);
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
      const round = await this.rounds.setRefundReason(q, roundId, reason);
      if (!round) return null;
      await this.rounds.abandonBet(q, betTransactionId(roundId));
      await this.insertCall(q, round.id, 'rollback', this.rollbackBody(round), dueNow);
      return round;
    };
    return tx ? run(tx) : this.rounds.transaction(run);
  }

  /**
   * Sends the bet of a round just opened (insertRound) and records what the platform answered.
   * Accepted with the result already decided (a single-step game): its win call is written with the
   * acknowledgement, taken for its first sending, and returned for `deliver`.
   */
  async placeBet(round: RoundRow): Promise<BetResult> {
    const transactionId = betTransactionId(round.id);
    const outcome = await this.outbox.send(
      'bet',
      JSON.stringify(
        betBody({
          id: round.id,
          playerId: round.player_id,
          gameCode: round.game_code,
          stake: round.stake,
          currency: round.currency,
        }),
      ),
    );
    if (outcome.kind === 'answer') {
      const { status, balance } = outcome.answer;
      if (status === 'OK') {
        // A result known at once (payout set with the round; nothing sets it before the bet is
        // acknowledged) gets its win call with the acknowledgement.
        const win = round.payout === null ? null : this.winBody(round, round.payout);
        const acknowledged = await this.rounds.acknowledgeBet(
          transactionId,
          outcome.raw,
          round.id,
          toBigint(balance),
          win && {
            transactionId: win.transactionId,
            body: JSON.stringify(win),
            delaySeconds: this.outbox.leaseSeconds,
          },
        );
        return { kind: 'accepted', balance: toBigint(balance), win: acknowledged.win };
      }
      if (betRefusals.has(status)) {
        await this.rounds.transaction(async (tx) => {
          await this.rounds.callDone(tx, transactionId, status, outcome.raw);
          await this.rounds.rejectRound(tx, round.id, status, toBigint(balance));
        });
        return { kind: 'refused', status, balance: toBigint(balance) };
      }
    }
    const reason = outcome.kind === 'unknown' ? outcome.reason : `UNEXPECTED ${outcome.answer.status}`;
    this.options.log.warn({ roundId: round.id, reason }, 'bet answer lost: rolling the bet back');
    await this.rounds.noteStatus(transactionId, reason);
    await this.decideRefund(round.id, `bet unconfirmed: ${reason}`);
    const refund = await this.deliverNow(rollbackTransactionId(round.id));
    return { kind: 'unconfirmed', reason, balance: refund.balance };
  }

  /** One attempt of a pending win or rollback now (the worker retries it if this one fails). */
  deliverNow(transactionId: string): Promise<Delivery> {
    return this.outbox.deliverNow(transactionId);
  }

  /**
   * The first attempt of a call written taken (placeBet's win). `replyOnAcknowledged` gives what
   * the caller keeps on the round (its reply), written with the acknowledgement.
   */
  deliver(call: CallRow, replyOnAcknowledged?: ReplyOnAcknowledged): Promise<Delivery> {
    return this.outbox.deliver(call, replyOnAcknowledged);
  }

  /**
   * At start, before any new round: every round left open gets its closing call. A bet nobody read
   * the answer of is rolled back; a decided result gets its win call; whatever is pending is due now.
   * (Crash games and mines rounds are settled by their own engines first.) Answers the counts.
   */
  async recover(): Promise<{ refunds: number; wins: number; pending: number }> {
    let refunds = 0;
    for (const { id } of await this.rounds.unreadRoundIds())
      if (await this.decideRefund(id, 'recovered: bet answer never read')) refunds++;
    const wins = await this.rounds.transaction(async (tx) => {
      const rounds = await this.rounds.roundsMissingWin(tx);
      for (const round of rounds)
        await this.insertCall(tx, round.id, 'win', this.winBody(round, round.payout as bigint));
      for (const round of await this.rounds.roundsMissingRollback(tx))
        await this.insertCall(tx, round.id, 'rollback', this.rollbackBody(round));
      return rounds.length;
    });
    await this.rounds.makePendingDue();
    return { refunds, wins, pending: await this.outbox.pendingCount() };
  }

  findRound(id: string): Promise<RoundRow | null> {
    return this.rounds.findRound(id);
  }

  // --- the outbox worker, started and stopped with the studio ------------------------------------

  start(): void {
    this.outbox.start();
  }

  /** Runs the worker's next pass now (after new work was queued). */
  poke(): void {
    this.outbox.poke();
  }

  stop(): Promise<void> {
    return this.outbox.stop();
  }

  /** Pending wins and rollbacks (and bets not yet answered). */
  pendingCount(): Promise<number> {
    return this.outbox.pendingCount();
  }

  /** Sends everything pending now, ignoring backoff, until nothing is left or `timeoutMs` passes. */
  flush(timeoutMs: number): Promise<number> {
    return this.outbox.flush(timeoutMs);
  }
}
