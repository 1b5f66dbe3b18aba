import { payoutHundredths } from '@sorte/fair/node';
import type { FastifyBaseLogger } from 'fastify';
import type { CrashSettings } from '../config';
import type { StudioDatabase } from '../db/client';
import { StudioError } from '../errors';
import { betError } from '../games/games.service';
import { newRoundId, winTransactionId } from '../rounds/ids';
import type { RoundRow, Settlement } from '../rounds/settlement';
import type { StudioSession } from '../sessions/sessions';
import { type CrashChainStore, elapsedAt, multiplierAt, type NextGame } from './crash-chain';
import { type CrashConnection, CrashViewers } from './crash-viewers';

export type { CrashConnection } from './crash-viewers';

/** Auto cash-out targets accepted, in hundredths: 1.01× … 1,000,000×. */
export const AUTO_CASHOUT_MIN = 101;
export const AUTO_CASHOUT_MAX = 100_000_000;
const HISTORY_SIZE = 20;

type Phase = 'idle' | 'betting' | 'starting' | 'running' | 'crashed' | 'stopped';

type Player = {
  roundId: string;
  playerId: string;
  masked: string;
  amount: bigint;
  /** The bet's currency: one table for every merchant's currency and play money (FUN). */
  currency: string;
  autoCashout: number | null;
  cashedOutAt: number | null;
  payout: bigint | null;
};

type Game = NextGame & {
  /** Engine clock (game ms) when betting ends / the curve started. */
  bettingEndsAt: number;
  startedAt: number;
  /** Game ms after the start at which the multiplier reaches the crash point. */
  crashAfter: number;
};

export type CrashEngineOptions = {
  settings: CrashSettings;
  /** Stake limits and largest payout, in minor units. */
  limits: { min: number; max: number };
  maxWinMinor: number;
  /**
   * The longest a bet waits for its answer. Its wallet call and, when that answer is lost, the
   * rollback each end at the wallet timeout, so this is a backstop for everything else (the database,
   * a transport that never settles): past it the player is told the bet is not placed, and a bet the
   * wallet takes later is refunded instead of joining the game.
   */
  betAnswerMs: number;
  log: FastifyBaseLogger;
};

/** What other players see of a player id. */
export const maskPlayer = (playerId: string) => `${playerId.slice(0, 3)}***${playerId.slice(-2)}`;

/**
 * The multiplayer crash game, bustabit style: one game at a time for everybody, its crash point from
 * the hash chain. Phases: betting (bets are wallet `bet` calls; a bet still waiting for its answer
 * when betting ends is waited for a moment, then refunded) → running (ticks carry only the elapsed
 * time and the new cash-outs; the clients draw the curve) → crashed (every bet that did not cash out
 * is closed with a win of 0) → the next game after a pause.
 *
 * Time is the server's: a cash-out counts at the multiplier of the moment the server handles it, and
 * is refused from the crash's millisecond on, whether or not the crash was broadcast yet. Auto
 * cash-outs are paid at exactly their target when the game reaches it.
 */
export class CrashEngine {
  private phase: Phase = 'idle';
  private game: Game | null = null;
  private readonly players = new Map<string, Player>();
  /** `${gameId}:${playerId}` of bets waiting for their wallet answer (one per player and game). */
  private readonly pendingPlayers = new Set<string>();
  private readonly pendingBets = new Set<Promise<void>>();
  private readonly pendingCashouts = new Set<Promise<void>>();
  private readonly viewers = new CrashViewers();
  private history: { gameId: number; crashPoint: number }[] = [];
  private newCashouts: { player: string; at: number }[] = [];
  private nextGameAt = 0;
  private loopTimer: NodeJS.Timeout | null = null;
  private crashTimer: NodeJS.Timeout | null = null;
  private transition: Promise<void> | null = null;

  constructor(
    private readonly db: StudioDatabase,
    private readonly chains: CrashChainStore,
    private readonly settlement: Settlement,
    private readonly options: CrashEngineOptions,
  ) {}

  private get settings(): CrashSettings {
    return this.options.settings;
  }

  /** Engine time in game milliseconds (real milliseconds × time scale). */
  private now(): number {
    return this.settings.clock() * this.settings.timeScale;
  }

  private realDelay(gameMs: number): number {
    return Math.max(0, gameMs / this.settings.timeScale);
  }

  // --- lifecycle -----------------------------------------------------------------------------------

  /**
   * Closes what a previous process left: a game in betting or running is aborted and its bets
   * without a cash-out refunded; a crashed game's unsettled bets are closed as lost. Then loads the
   * recent history. Run before `Settlement.recover`.
   */
  async recover(): Promise<{ aborted: number; refunds: number; losses: number }> {
    const open = await this.db.query<{ id: bigint; state: string }>(
      "select id, state from crash_games where state in ('betting', 'running') order by id",
    );
    let refunds = 0;
    let losses = 0;
    for (const game of open) {
      refunds += await this.db.transaction(async (tx) => {
        await tx.query("update crash_games set state = 'aborted', ended_at = now() where id = $1", [game.id]);
        const rounds = await tx.query<{ id: string }>(
          `select id from rounds where crash_game_id = $1 and state = 'bet_acknowledged'
              and payout is null and refund_reason is null`,
          [game.id],
        );
        for (const r of rounds)
          await this.settlement.decideRefund(r.id, 'crash game aborted by a restart', tx);
        return rounds.length;
      });
    }
    const undecided = await this.db.query<{ id: string; crash_game_id: bigint }>(
      `select r.id, r.crash_game_id from rounds r join crash_games g on g.id = r.crash_game_id
        where g.state = 'crashed' and r.state = 'bet_acknowledged' and r.payout is null and r.refund_reason is null`,
    );
    for (const r of undecided) {
      if (await this.settlement.decideWin(r.id, 0n, { multiplierBp: 0 })) losses++;
    }
    await this.loadHistory();
    return { aborted: open.length, refunds, losses };
  }

  private async loadHistory(): Promise<void> {
    this.history = (await this.chains.history(HISTORY_SIZE)).map((g) => ({
      gameId: g.gameId,
      crashPoint: g.crashPoint,
    }));
  }

  async start(): Promise<void> {
    await this.chains.current();
    this.phase = 'idle';
    this.runTransition(() => this.openGame());
    this.loopTimer = setInterval(() => this.loop(), this.settings.tickMs);
  }

  /** Stops the game loop; a game in progress is aborted and its open bets refunded. */
  async stop(): Promise<void> {
    if (this.loopTimer) clearInterval(this.loopTimer);
    if (this.crashTimer) clearTimeout(this.crashTimer);
    this.loopTimer = null;
    this.crashTimer = null;
    const previous = this.phase;
    this.phase = 'stopped';
    await this.transition;
    await Promise.allSettled([...this.pendingBets, ...this.pendingCashouts]);
    const game = this.game;
    if (game && previous !== 'crashed' && previous !== 'idle') {
      await this.db.transaction(async (tx) => {
        await tx.query(
          "update crash_games set state = 'aborted', ended_at = now() where id = $1 and state <> 'crashed'",
          [game.id],
        );
        const rounds = await tx.query<{ id: string }>(
          `select id from rounds where crash_game_id = $1 and state in ('open', 'bet_acknowledged')
              and payout is null and refund_reason is null`,
          [game.id],
        );
        for (const r of rounds)
          await this.settlement.decideRefund(r.id, 'crash game aborted at shutdown', tx, true);
      });
    }
    this.viewers.closeAll(1001, 'server stopping');
  }

  /** Runs one phase change at a time; the loop skips its turn while one is under way. */
  private runTransition(step: () => Promise<void>): void {
    if (this.transition) return;
    this.transition = step()
      .catch((error) => {
        this.options.log.error({ err: error }, 'crash engine step failed; retrying shortly');
        // Whatever failed (most likely the database), try a fresh game after a pause.
        this.game = null;
        this.phase = this.phase === 'stopped' ? 'stopped' : 'crashed';
        this.nextGameAt = this.now() + 1000 * this.settings.timeScale;
      })
      .finally(() => {
        this.transition = null;
      });
  }

  private loop(): void {
    // Bets placed since the last turn go to the viewers together (one write each), before any tick.
    this.viewers.flush();
    if (this.transition || this.phase === 'stopped') return;
    const now = this.now();
    const game = this.game;
    switch (this.phase) {
      case 'betting':
        if (game && now >= game.bettingEndsAt) this.runTransition(() => this.startGame());
        break;
      case 'running':
        if (!game) break;
        if (now - game.startedAt >= game.crashAfter) this.runTransition(() => this.crash());
        else this.tick(now - game.startedAt);
        break;
      case 'crashed':
      case 'idle':
        if (now >= this.nextGameAt) this.runTransition(() => this.openGame());
        break;
    }
  }

  private async openGame(): Promise<void> {
    if (this.phase === 'stopped') return;
    const next = await this.chains.openNextGame();
    this.players.clear();
    this.newCashouts = [];
    this.game = {
      ...next,
      bettingEndsAt: this.now() + this.settings.bettingMs,
      startedAt: 0,
      crashAfter: elapsedAt(next.crashPoint),
    };
    this.phase = 'betting';
    this.broadcast({ type: 'betting', gameId: next.id, durationMs: this.settings.bettingMs });
  }

  private async startGame(): Promise<void> {
    const game = this.game;
    if (!game || this.phase !== 'betting') return;
    this.phase = 'starting';
    // Bets sent before the end of betting get a moment for their wallet answer; later ones are refunded.
    if (this.pendingBets.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.pendingBets]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, this.settings.betGraceMs);
        }),
      ]);
      clearTimeout(timer);
    }
    if ((this.phase as Phase) === 'stopped') return;
    await this.db.query("update crash_games set state = 'running', started_at = now() where id = $1", [
      game.id,
    ]);
    game.startedAt = this.now();
    this.phase = 'running';
    this.broadcast({ type: 'started', gameId: game.id });
    this.crashTimer = setTimeout(() => this.loop(), this.realDelay(game.crashAfter) + 1);
  }

  private tick(elapsedMs: number): void {
    this.applyAutoCashouts(multiplierAt(elapsedMs));
    const cashouts = this.newCashouts;
    this.newCashouts = [];
    this.broadcastTick(Math.floor(elapsedMs), cashouts, true);
  }

  /**
   * Ticks are most of the traffic: kept to the elapsed time and the new cash-outs (plus the send
   * time when `tickSentAt` is on, for the load benchmark), and droppable for a viewer far behind —
   * except the last one before the crash, whose cash-outs nobody should miss.
   */
  private broadcastTick(elapsedMs: number, cashouts: { player: string; at: number }[], droppable: boolean) {
    this.viewers.broadcast(
      this.settings.tickSentAt
        ? { type: 'tick', elapsedMs, cashouts, sentAt: Date.now() }
        : { type: 'tick', elapsedMs, cashouts },
      droppable,
    );
  }

  private applyAutoCashouts(reached: number): void {
    const game = this.game;
    if (!game) return;
    for (const player of this.players.values()) {
      const target = player.autoCashout;
      if (player.cashedOutAt === null && target !== null && target <= reached && target <= game.crashPoint)
        this.cashOut(player, target);
    }
  }

  private async crash(): Promise<void> {
    const game = this.game;
    if (!game || this.phase !== 'running') return;
    if (this.crashTimer) clearTimeout(this.crashTimer);
    this.crashTimer = null;
    // Auto cash-outs at or below the crash point win, even between two ticks.
    this.applyAutoCashouts(game.crashPoint);
    this.phase = 'crashed';
    const losers = [...this.players.values()].filter((p) => p.cashedOutAt === null);
    await this.db.transaction(async (tx) => {
      await tx.query("update crash_games set state = 'crashed', ended_at = now() where id = $1", [game.id]);
      for (const p of losers)
        await this.settlement.decideWin(
          p.roundId,
          0n,
          { outcome: { gameId: game.id, autoCashout: p.autoCashout, cashedOutAt: null }, multiplierBp: 0 },
          tx,
          true,
        );
    });
    this.settlement.poke();
    const cashouts = this.newCashouts;
    this.newCashouts = [];
    if (cashouts.length) this.broadcastTick(game.crashAfter, cashouts, false);
    this.broadcast({ type: 'crashed', gameId: game.id, crashPoint: game.crashPoint, hash: game.hash });
    this.history = [{ gameId: game.id, crashPoint: game.crashPoint }, ...this.history].slice(0, HISTORY_SIZE);
    // Writing a tick to every viewer must fit in the tick interval, or ticks arrive late and bunch up:
    // then this server has more viewers than it can serve.
    const slowestMs = this.viewers.takeSlowest();
    if (slowestMs > this.settings.tickMs / 2)
      this.options.log.warn(
        {
          gameId: game.id,
          viewers: this.viewers.size,
          slowestBroadcastMs: Math.round(slowestMs),
          ...this.viewers.stats,
        },
        'crash broadcasts were slow: more viewers than this server writes to in a tick',
      );
    this.nextGameAt = this.now() + this.settings.cooldownMs;
  }

  // --- players -------------------------------------------------------------------------------------

  /** The connection watches the game from now on; answers the function that detaches it. */
  attach(connection: CrashConnection): () => void {
    return this.viewers.add(connection);
  }

  /** The connection signed in: its player's own messages (bet answers, cash-outs) reach it. */
  signedIn(connection: CrashConnection, session: StudioSession): void {
    this.viewers.signedIn(connection, session);
  }

  snapshot(connection: CrashConnection) {
    const game = this.game;
    const now = this.now();
    const phase =
      this.phase === 'betting' || this.phase === 'starting'
        ? 'betting'
        : this.phase === 'running'
          ? 'running'
          : 'crashed';
    const me = connection.session ? this.players.get(connection.session.playerId) : undefined;
    return {
      type: 'snapshot',
      phase: game && this.phase !== 'idle' ? phase : 'crashed',
      gameId: game?.id ?? null,
      ...(phase === 'betting' && game
        ? { bettingEndsInMs: Math.max(0, Math.round(game.bettingEndsAt - now)) }
        : {}),
      ...(phase === 'running' && game ? { elapsedMs: Math.floor(now - game.startedAt) } : {}),
      ...(phase === 'crashed' && game && this.phase === 'crashed'
        ? {
            crashPoint: game.crashPoint,
            hash: game.hash,
            nextGameInMs: Math.max(0, Math.round(this.nextGameAt - now)),
          }
        : {}),
      players: [...this.players.values()].map((p) => ({
        playerId: p.masked,
        amount: Number(p.amount),
        currency: p.currency,
        ...(p.cashedOutAt === null ? {} : { cashedOutAt: p.cashedOutAt }),
      })),
      history: this.history,
      me: me ? { amount: Number(me.amount), autoCashout: me.autoCashout, cashedOutAt: me.cashedOutAt } : null,
    };
  }

  private broadcast(message: object): void {
    this.viewers.broadcast(message);
  }

  private sendToPlayer(playerId: string, message: object): void {
    this.viewers.sendTo(playerId, message);
  }

  /** A bet for the game in its betting phase. Answers bet_accepted or throws a StudioError. */
  async bet(
    session: StudioSession,
    input: { amount: number; autoCashout?: number | null; requestId: string },
  ): Promise<{ type: 'bet_accepted'; gameId: number; balance: number | null }> {
    const game = this.game;
    if (!game || this.phase !== 'betting' || this.now() >= game.bettingEndsAt)
      throw new StudioError(409, 'BETTING_CLOSED', 'Bets are closed: wait for the next game.');
    const { min, max } = this.options.limits;
    if (!Number.isSafeInteger(input.amount) || input.amount < min || input.amount > max)
      throw new StudioError(400, 'BET_LIMIT', `The bet must be between ${min} and ${max} (minor units).`);
    const auto = input.autoCashout ?? null;
    if (auto !== null && (!Number.isInteger(auto) || auto < AUTO_CASHOUT_MIN || auto > AUTO_CASHOUT_MAX))
      throw new StudioError(
        400,
        'INVALID_AUTO_CASHOUT',
        'Auto cash-out must be 1.01× or more (in hundredths).',
      );
    const playerId = session.playerId;
    const pendingKey = `${game.id}:${playerId}`;
    if (this.players.has(playerId) || this.pendingPlayers.has(pendingKey))
      throw new StudioError(409, 'ALREADY_BET', 'You already have a bet in this game.');
    this.pendingPlayers.add(pendingKey);
    const attempt = { abandoned: false };
    const work = this.placeBet(session, game, BigInt(input.amount), auto, input.requestId, attempt);
    // The bet counts as pending (one per player and game; the start of the game waits for it) until
    // it has really settled, even when its answer had to be given without it.
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.pendingBets.add(settled);
    void settled.then(() => {
      this.pendingBets.delete(settled);
      this.pendingPlayers.delete(pendingKey);
    });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        attempt.abandoned = true;
        this.options.log.warn(
          { gameId: game.id, playerId, waitedMs: this.options.betAnswerMs },
          'crash bet not answered in time: the player is told it is not placed',
        );
        reject(
          new StudioError(
            503,
            'BET_NOT_CONFIRMED',
            'The bet could not be confirmed in time: it is not in this game, and any stake taken is returned.',
          ),
        );
      }, this.options.betAnswerMs);
    });
    try {
      return await Promise.race([work, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async placeBet(
    session: StudioSession,
    game: Game,
    amount: bigint,
    autoCashout: number | null,
    requestId: string,
    attempt: { abandoned: boolean },
  ): Promise<{ type: 'bet_accepted'; gameId: number; balance: number | null }> {
    let round: RoundRow;
    try {
      round = await this.db.transaction((tx) =>
        this.settlement.insertRound(tx, {
          id: newRoundId(),
          playerId: session.playerId,
          currency: session.currency,
          gameCode: 'crash',
          stake: amount,
          requestId,
          crashGameId: BigInt(game.id),
          params: { autoCashout },
          outcome: { gameId: game.id, autoCashout, cashedOutAt: null },
        }),
      );
    } catch (error) {
      if ((error as { code?: string }).code === '23505')
        throw new StudioError(409, 'DUPLICATE_REQUEST', 'This request id was already used.');
      throw error;
    }
    const result = await this.settlement.placeBet(round);
    if (result.kind !== 'accepted') throw betError(result);
    // Too late for this game, or for the player, who was already told the bet is not placed.
    const isLate = this.game?.id !== game.id || (this.phase !== 'betting' && this.phase !== 'starting');
    if (isLate || attempt.abandoned) {
      await this.settlement.decideRefund(
        round.id,
        'bet acknowledged after the game started',
        undefined,
        true,
      );
      this.settlement.poke();
      throw new StudioError(
        409,
        'BETTING_CLOSED',
        'Bets closed before your bet was confirmed: it is refunded.',
      );
    }
    const player: Player = {
      roundId: round.id,
      playerId: session.playerId,
      masked: maskPlayer(session.playerId),
      amount,
      currency: session.currency,
      autoCashout,
      cashedOutAt: null,
      payout: null,
    };
    this.players.set(session.playerId, player);
    // Queued, not sent: hundreds of bets in a betting phase would otherwise each be a write per viewer.
    this.viewers.queue({
      type: 'bet_placed',
      player: player.masked,
      amount: Number(amount),
      currency: player.currency,
    });
    return {
      type: 'bet_accepted',
      gameId: game.id,
      balance: result.balance === null ? null : Number(result.balance),
    };
  }

  /** A manual cash-out, at the multiplier of the server's clock right now. */
  cashOutNow(session: StudioSession): { at: number } {
    const player = this.players.get(session.playerId);
    const game = this.game;
    if (!player || !game) throw new StudioError(409, 'NO_BET', 'You have no bet in this game.');
    if (player.cashedOutAt !== null)
      throw new StudioError(409, 'ALREADY_CASHED_OUT', 'You already cashed out.');
    if (this.phase === 'crashed')
      throw new StudioError(409, 'TOO_LATE', 'The game crashed before your cash-out.');
    if (this.phase !== 'running') throw new StudioError(409, 'NOT_RUNNING', 'The game has not started yet.');
    const elapsed = this.now() - game.startedAt;
    if (elapsed >= game.crashAfter) {
      // The crash's millisecond has passed on our clock, broadcast or not: too late.
      this.runTransition(() => this.crash());
      throw new StudioError(409, 'TOO_LATE', 'The game crashed before your cash-out.');
    }
    let at = multiplierAt(elapsed);
    // An auto cash-out at or below this point would have fired first, at its target.
    if (player.autoCashout !== null && player.autoCashout <= at) at = player.autoCashout;
    this.cashOut(player, at);
    return { at };
  }

  private cashOut(player: Player, at: number): void {
    const game = this.game as Game;
    player.cashedOutAt = at;
    const raw = payoutHundredths(player.amount, at);
    const max = BigInt(this.options.maxWinMinor);
    const payout = raw > max ? max : raw;
    player.payout = payout;
    this.newCashouts.push({ player: player.masked, at });
    const work = (async () => {
      const decided = await this.settlement.decideWin(player.roundId, payout, {
        outcome: { gameId: game.id, autoCashout: player.autoCashout, cashedOutAt: at },
        multiplierBp: at * 100,
      });
      if (!decided) return;
      const win = await this.settlement.deliverNow(winTransactionId(player.roundId));
      this.sendToPlayer(player.playerId, {
        type: 'cashed_out',
        gameId: game.id,
        at,
        payout: Number(payout),
        balance: win.balance === null ? null : Number(win.balance),
      });
    })().catch((error) => this.options.log.error({ err: error, roundId: player.roundId }, 'cash-out failed'));
    this.pendingCashouts.add(work);
    void work.finally(() => this.pendingCashouts.delete(work));
  }

  /** For tests and the operator: where the engine is. */
  state() {
    return {
      phase: this.phase,
      gameId: this.game?.id ?? null,
      players: this.players.size,
      viewers: this.viewers.size,
      ...this.viewers.stats,
    };
  }
}
