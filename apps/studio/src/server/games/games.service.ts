import type { BetSeeds } from '@sorte/fair/node';
import type { StudioConfig, StudioGameCode } from '../config';
import type { StudioDatabase } from '../db/client';
import { StudioError } from '../errors';
import type { SeedService } from '../fairness/seeds';
import { newRoundId, winTransactionId } from '../rounds/ids';
import type { BetResult, Delivery, RoundRow, Settlement } from '../rounds/settlement';
import type { SeamlessWalletClient } from '../seamless-wallet/seamless-wallet-client';
import type { StudioSession } from '../sessions/sessions';
import type { InstantResult } from './instant-games';

export const num = (v: bigint | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** The error a player sees for a bet the platform refused, or whose answer was lost. */
export function betError(result: Exclude<BetResult, { kind: 'accepted' }>): StudioError {
  if (result.kind === 'unconfirmed')
    return new StudioError(
      503,
      'BET_NOT_CONFIRMED',
      'The bet could not be confirmed with your wallet: it was cancelled and any stake taken is returned.',
    );
  switch (result.status) {
    case 'INSUFFICIENT_FUNDS':
      return new StudioError(402, 'INSUFFICIENT_FUNDS', 'Your balance is too low for this bet.');
    case 'INVALID_TOKEN':
    case 'PLAYER_NOT_FOUND':
      return new StudioError(401, 'SESSION_EXPIRED', 'Your wallet session has expired: open the game again.');
    case 'PLAYER_BLOCKED':
      return new StudioError(
        403,
        'PLAYER_BLOCKED',
        'Your account may not place bets. Contact customer service.',
      );
    default:
      return new StudioError(409, 'BET_REFUSED', `The wallet refused the bet (${result.status}).`);
  }
}

export type HistoryItem = {
  roundId: string;
  gameCode: string;
  stake: number;
  payout: number | null;
  multiplierBp: number | null;
  outcome: Record<string, unknown> | null;
  serverSeedHash: string | null;
  clientSeed: string | null;
  nonce: number | null;
  serverSeed: string | null;
  state: string;
  createdAt: string;
};

/**
 * The RNG and bonus games: dice, limbo, plinko, the two slots (one step: the result is fixed with
 * the nonce, before the bet is sent), the rounds they open, and the player's balance and history.
 * Mines (a bet, then picks) is MinesService, on the same round primitives.
 */
export class GameService {
  constructor(
    private readonly db: StudioDatabase,
    private readonly settlement: Settlement,
    private readonly seeds: SeedService,
    private readonly wallet: SeamlessWalletClient,
    private readonly config: StudioConfig,
  ) {}

  checkStake(gameCode: StudioGameCode, amount: number): bigint {
    const { min, max } = this.config.betLimits[gameCode];
    if (!Number.isSafeInteger(amount) || amount < min || amount > max)
      throw new StudioError(400, 'BET_LIMIT', `The bet must be between ${min} and ${max} (minor units).`);
    return BigInt(amount);
  }

  checkMaxWin(stake: bigint, multiplierBp: bigint): void {
    if ((stake * multiplierBp) / 10_000n > BigInt(this.config.maxWinMinor))
      throw new StudioError(
        400,
        'MAX_WIN_EXCEEDED',
        `This bet could win more than the largest payout of a round (${this.config.maxWinMinor} minor units).`,
      );
  }

  capWin(payout: bigint): bigint {
    const max = BigInt(this.config.maxWinMinor);
    return payout > max ? max : payout;
  }

  /** A repeat of a request id answers what the first request got (or why it failed). */
  async repeatOf(
    session: StudioSession,
    gameCode: string,
    requestId: string,
  ): Promise<Record<string, unknown> | null> {
    const [round] = await this.db.query<RoundRow>(
      'select * from rounds where player_id = $1 and request_id = $2',
      [session.playerId, requestId],
    );
    if (!round) return null;
    if (round.game_code !== gameCode)
      throw new StudioError(409, 'DUPLICATE_REQUEST', 'This request id was already used for another bet.');
    if (round.reply) return round.reply;
    if (round.state === 'rejected')
      throw betError({ kind: 'refused', status: round.reject_status as never, balance: round.balance });
    if (round.refund_reason)
      throw betError({ kind: 'unconfirmed', reason: round.refund_reason, balance: round.balance });
    throw new StudioError(409, 'REQUEST_IN_PROGRESS', 'This bet is still being processed.');
  }

  async saveReply(roundId: string, reply: Record<string, unknown>): Promise<void> {
    await this.db.query('update rounds set reply = $2 where id = $1', [roundId, JSON.stringify(reply)]);
  }

  /** Opens a round on the player's next nonce, in one statement; a request id race finds the first. */
  async openRound(
    session: StudioSession,
    gameCode: StudioGameCode,
    stake: bigint,
    requestId: string,
    build: (seeds: BetSeeds) => {
      params: Record<string, unknown>;
      outcome?: Record<string, unknown>;
      secret?: Record<string, unknown>;
      payout?: bigint | null;
      multiplierBp?: bigint | null;
    },
  ): Promise<RoundRow> {
    try {
      return await this.seeds.onNextNonce(session.playerId, (seed, bet) => {
        const built = build(bet);
        return this.settlement.insertRoundOnNonce({
          id: newRoundId(),
          playerId: session.playerId,
          currency: session.currency,
          gameCode,
          stake,
          requestId,
          seedId: seed.id,
          nonce: bet.nonce,
          params: built.params,
          outcome: built.outcome ?? null,
          secret: built.secret ?? null,
          payout: built.payout ?? null,
          multiplierBp: built.multiplierBp ?? null,
        });
      });
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
      const constraint = (error as { constraint?: string }).constraint ?? String((error as Error).message);
      if (constraint.includes('rounds_one_mines_in_play'))
        throw new StudioError(409, 'MINES_ROUND_OPEN', 'Finish the mines round in play first.');
      throw new StudioError(409, 'REQUEST_IN_PROGRESS', 'This bet is already being processed.');
    }
  }

  /** One bet of a single-step game: round and result, bet, win, answer. */
  async playInstant(
    session: StudioSession,
    gameCode: StudioGameCode,
    amount: number,
    requestId: string,
    choice: Record<string, unknown>,
    playRound: (seeds: BetSeeds, stake: bigint) => InstantResult,
  ): Promise<Record<string, unknown>> {
    const stake = this.checkStake(gameCode, amount);
    let result: InstantResult | null = null;
    let round: RoundRow;
    try {
      round = await this.openRound(session, gameCode, stake, requestId, (seeds) => {
        result = playRound(seeds, stake);
        const payout = this.capWin(result.payout);
        return {
          params: choice,
          outcome: result.outcome,
          payout,
          multiplierBp: result.multiplierBp,
        };
      });
    } catch (error) {
      // A request id already used: a repeat, answered as the first request was (repeatOf). Looked up
      // only then, not before every bet: one database round trip fewer for every new bet (the round
      // is unique per player and request id, and the refused transaction took no nonce).
      if (error instanceof StudioError && error.code === 'REQUEST_IN_PROGRESS') {
        const repeat = await this.repeatOf(session, gameCode, requestId);
        if (repeat) return repeat;
      }
      throw error;
    }
    const played = result as unknown as InstantResult;
    const bet = await this.settlement.placeBet(round);
    if (bet.kind !== 'accepted') throw betError(bet);
    const payout = round.payout as bigint;
    const replyWith = (win: Delivery) => ({
      roundId: round.id,
      ...played.reply,
      payout: Number(payout),
      balance: num(win.balance ?? (bet.balance === null ? null : bet.balance + payout)),
      nonce: round.nonce,
      ...(win.acknowledged ? {} : { settled: false }),
    });
    if (!bet.win) {
      const win = await this.settlement.deliverNow(winTransactionId(round.id));
      const reply = replyWith(win);
      await this.saveReply(round.id, reply);
      return reply;
    }
    // The reply is kept (for a repeat of this request) in the transaction that closes the round.
    const win = await this.settlement.deliver(bet.win, (balance) =>
      replyWith({ acknowledged: true, balance }),
    );
    const reply = replyWith(win);
    if (!win.acknowledged) await this.saveReply(round.id, reply);
    return reply;
  }

  // --- reads ---------------------------------------------------------------------------------------

  async balance(session: StudioSession) {
    const outcome = await this.wallet.balance(session.playerId);
    if (outcome.kind === 'unknown' || outcome.answer.status !== 'OK')
      throw new StudioError(503, 'WALLET_UNAVAILABLE', 'The wallet did not answer: try again shortly.');
    return { balance: outcome.answer.balance, currency: outcome.answer.currency ?? session.currency };
  }

  async history(session: StudioSession, gameCode: string | undefined, limit: number): Promise<HistoryItem[]> {
    const rows = await this.db.query<
      RoundRow & {
        server_seed_hash: string | null;
        client_seed: string | null;
        server_seed: string | null;
        crash_hash: string | null;
        crash_point: bigint | null;
        crash_state: string | null;
      }
    >(
      `select r.*, s.server_seed_hash, s.client_seed,
              case when s.active then null else s.server_seed end as server_seed,
              g.hash as crash_hash, g.crash_point, g.state as crash_state
         from rounds r
         left join player_seeds s on s.id = r.seed_id
         left join crash_games g on g.id = r.crash_game_id
        where r.player_id = $1 and ($2::text is null or r.game_code = $2)
          and r.payout is not null and r.state in ('bet_acknowledged', 'settled')
        order by r.created_at desc, r.id
        limit $3`,
      [session.playerId, gameCode ?? null, limit],
    );
    return rows.map((r) => {
      let outcome = r.outcome;
      // A crash game's hash and point stay secret until it has crashed.
      if (r.crash_game_id !== null && r.crash_state === 'crashed')
        outcome = { ...outcome, crashPoint: Number(r.crash_point), hash: r.crash_hash };
      return {
        roundId: r.id,
        gameCode: r.game_code,
        stake: Number(r.stake),
        payout: num(r.payout),
        multiplierBp: num(r.multiplier_bp),
        outcome,
        params: r.params,
        serverSeedHash: r.server_seed_hash,
        clientSeed: r.client_seed,
        nonce: r.nonce,
        serverSeed: r.server_seed,
        state: r.state,
        createdAt: new Date(r.created_at).toISOString(),
      };
    });
  }
}
