import { newRequestId, studioBase } from '../../lib/api';
import { payoutAtHundredths, toMinor } from '../../lib/money';
import { elapsedFor, syncStart, toHundredths } from './multiplier';

export type CrashPhase = 'connecting' | 'betting' | 'running' | 'crashed';
export type Connection = 'connecting' | 'open' | 'reconnecting';

/** A bet of this round: its currency is the bettor's (every merchant's players and play money share the table). */
export type CrashPlayer = { player: string; amount: number; currency?: string; cashedOutAt?: number };
export type CrashRound = { gameId: string; crashPoint: number; hash?: string };

export type MyBet = {
  amount: number;
  autoCashout: number | null;
  gameId: string | null;
  status: 'pending' | 'accepted' | 'cashing' | 'cashed' | 'lost';
  cashedOutAt?: number;
  payout?: number;
};

export type CrashState = {
  connection: Connection;
  phase: CrashPhase;
  gameId: string | null;
  /** performance.now() when betting closes. */
  bettingEndsAt: number | null;
  bettingDurationMs: number;
  /** performance.now() of the round's elapsed 0 (kept in sync by ticks). */
  startedAt: number | null;
  /** Hundredths; set once the round crashed. */
  crashPoint: number | null;
  /** Where the curve stopped (ms), so the crashed curve stays drawn. */
  crashElapsedMs: number | null;
  crashHash: string | null;
  players: CrashPlayer[];
  history: CrashRound[];
  myBet: MyBet | null;
  /** A bet waiting for the next betting phase (placed while a round was running). */
  queued: { amount: number; autoCashout: number | null } | null;
};

type Events = {
  balance: (balance: number) => void;
  error: (code: string, message: string) => void;
  roundOver: () => void;
  /** The studio session is gone (SESSION_EXPIRED, SESSION_REQUIRED): the frame must be reopened. */
  sessionEnded?: () => void;
};

const sessionEndedCodes = new Set(['SESSION_EXPIRED', 'SESSION_REQUIRED']);

/**
 * A bet still without its answer this long after it was sent is looked up afresh: the studio answers
 * every bet well within it (13 s with its defaults), so the answer was lost (a dropped or silent
 * connection, or a reconnect while it was on its way: it went to the old socket). A new connection's
 * snapshot says whether the bet is in the game; if not, the Bet button comes back with a notice.
 */
export const BET_ANSWER_TIMEOUT_MS = 30_000;

const initial: CrashState = {
  connection: 'connecting',
  phase: 'connecting',
  gameId: null,
  bettingEndsAt: null,
  bettingDurationMs: 5000,
  startedAt: null,
  crashPoint: null,
  crashElapsedMs: null,
  crashHash: null,
  players: [],
  history: [],
  myBet: null,
  queued: null,
};

type Message = Record<string, unknown> & { type?: string };

const now = () => performance.now();
const text = (value: unknown) => (value === undefined || value === null ? null : String(value));

function readPlayers(value: unknown): CrashPlayer[] {
  if (!Array.isArray(value)) return [];
  return value.map((raw: Record<string, unknown>) => {
    const at = toHundredths(raw.cashedOutAt);
    return {
      // Snapshots name the (masked) player `playerId`; live events call it `player`.
      player: String(raw.player ?? raw.playerId ?? ''),
      amount: toMinor(raw.amount),
      ...(typeof raw.currency === 'string' ? { currency: raw.currency } : {}),
      ...(at !== null ? { cashedOutAt: at } : {}),
    };
  });
}

function readHistory(value: unknown): CrashRound[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw: Record<string, unknown>) => {
    const crashPoint = toHundredths(raw.crashPoint);
    return crashPoint === null
      ? []
      : [{ gameId: String(raw.gameId), crashPoint, hash: text(raw.hash) ?? undefined }];
  });
}

/**
 * The crash table over the studio's WebSocket: one store the React tree reads with
 * useSyncExternalStore. It changes on messages only; the 60 fps curve reads `startedAt` and the
 * clock itself, so a tick every 150 ms costs one small update, not a re-render per frame.
 */
export class CrashStore {
  private state: CrashState = initial;
  private readonly listeners = new Set<() => void>();
  private socket: WebSocket | null = null;
  private retryMs = 500;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private isClosed = false;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private betTimer: ReturnType<typeof setTimeout> | null = null;
  /** The next snapshot settles a pending bet (after its answer did not come). */
  private isResyncing = false;

  constructor(
    private readonly session: string | null,
    private readonly events: Events,
    private readonly url = defaultSocketUrl(),
    private readonly betAnswerTimeoutMs = BET_ANSWER_TIMEOUT_MS,
  ) {}

  getState = (): CrashState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  connect(): void {
    this.isClosed = false;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.retryMs = 500;
      socket.send(JSON.stringify(this.session ? { type: 'auth', session: this.session } : { type: 'watch' }));
      this.set({ connection: 'open' });
      // Keeps idle proxies from closing a quiet socket between rounds.
      this.stopPing();
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }, false), 25_000);
    };
    socket.onmessage = (event) => {
      try {
        this.receive(JSON.parse(String(event.data)) as Message);
      } catch {
        // a malformed frame is dropped; the next tick or snapshot puts the table right
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.stopPing();
      this.socket = null;
      if (this.isClosed) return;
      this.set({ connection: 'reconnecting' });
      this.retryTimer = setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 5000);
    };
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  close(): void {
    this.isClosed = true;
    this.stopPing();
    this.stopBetTimer();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.socket?.close();
    this.socket = null;
  }

  /** Bets now in the betting phase, or queues the bet for the next one. */
  bet(amount: number, autoCashout: number | null): void {
    if (this.state.phase === 'betting' && !this.state.myBet) this.sendBet(amount, autoCashout);
    else this.set({ queued: { amount, autoCashout } });
  }

  cancelQueued(): void {
    this.set({ queued: null });
  }

  cashOut(): void {
    const bet = this.state.myBet;
    if (bet?.status !== 'accepted' || this.state.phase !== 'running') return;
    this.set({ myBet: { ...bet, status: 'cashing' } });
    if (!this.send({ type: 'cashout' })) this.set({ myBet: bet });
  }

  /** Exposed for tests: applies one server message. */
  receive(message: Message): void {
    const s = this.state;
    switch (message.type) {
      case 'snapshot': {
        const phase = message.phase === 'running' || message.phase === 'crashed' ? message.phase : 'betting';
        const t = now();
        const elapsed = Number(message.elapsedMs ?? 0);
        const crashed = phase === 'crashed' ? toHundredths(message.crashPoint) : null;
        const gameId = text(message.gameId);
        let myBet = myBetFromSnapshot(message.me, phase, gameId) ?? this.keptBet(gameId);
        // Looked up because its answer never came: the server's `me` is the truth, and it has none.
        const isUnconfirmed = this.isResyncing && myBet?.status === 'pending';
        this.isResyncing = false;
        if (isUnconfirmed) myBet = null;
        this.set({
          phase,
          gameId,
          bettingEndsAt: phase === 'betting' ? t + Number(message.bettingEndsInMs ?? 0) : null,
          startedAt: phase === 'running' ? t - elapsed : null,
          crashPoint: crashed,
          crashElapsedMs: crashed === null ? null : elapsedFor(crashed),
          crashHash: text(message.hash),
          players: readPlayers(message.players),
          history: readHistory(message.history),
          myBet,
        });
        if (isUnconfirmed)
          this.events.error('BET_NOT_CONFIRMED', 'The bet could not be confirmed: it is not in this game.');
        if (phase === 'betting') this.flushQueued();
        return;
      }
      case 'betting': {
        const duration = Number(message.durationMs ?? 5000);
        this.set({
          phase: 'betting',
          gameId: text(message.gameId),
          bettingEndsAt: now() + duration,
          bettingDurationMs: duration,
          startedAt: null,
          crashPoint: null,
          crashElapsedMs: null,
          crashHash: null,
          players: [],
          myBet: null,
        });
        this.flushQueued();
        return;
      }
      case 'started':
        this.set({
          phase: 'running',
          gameId: text(message.gameId) ?? s.gameId,
          startedAt: now(),
          bettingEndsAt: null,
        });
        return;
      case 'tick': {
        const t = now();
        const elapsed = Number(message.elapsedMs ?? 0);
        const cashouts = Array.isArray(message.cashouts)
          ? (message.cashouts as Record<string, unknown>[])
          : [];
        const startedAt = syncStart(s.phase === 'running' ? s.startedAt : null, t, elapsed);
        // Most ticks change nothing React shows: only the curve moves, and it reads the clock.
        if (!cashouts.length && s.phase === 'running' && startedAt === s.startedAt) return;
        const players = cashouts.length ? this.applyCashouts(cashouts) : s.players;
        this.set({ phase: 'running', startedAt, players });
        return;
      }
      case 'crashed': {
        const crashPoint = toHundredths(message.crashPoint) ?? 100;
        const gameId = text(message.gameId) ?? s.gameId ?? '';
        const round: CrashRound = { gameId, crashPoint, hash: text(message.hash) ?? undefined };
        const myBet =
          s.myBet && (s.myBet.status === 'accepted' || s.myBet.status === 'cashing')
            ? { ...s.myBet, status: 'lost' as const }
            : s.myBet;
        this.set({
          phase: 'crashed',
          crashPoint,
          crashElapsedMs: elapsedFor(crashPoint),
          crashHash: round.hash ?? null,
          history: [round, ...s.history.filter((h) => h.gameId !== gameId)].slice(0, 30),
          myBet,
        });
        if (s.myBet) this.events.roundOver();
        return;
      }
      case 'bet_placed':
        this.set({
          players: [
            ...s.players,
            {
              player: String(message.player ?? ''),
              amount: toMinor(message.amount),
              ...(typeof message.currency === 'string' ? { currency: message.currency } : {}),
            },
          ],
        });
        return;
      case 'bet_accepted':
        if (s.myBet) this.set({ myBet: { ...s.myBet, status: 'accepted', gameId: text(message.gameId) } });
        if (message.balance !== undefined) this.events.balance(toMinor(message.balance));
        return;
      case 'cashed_out': {
        const at = toHundredths(message.at) ?? undefined;
        if (s.myBet)
          this.set({
            myBet: { ...s.myBet, status: 'cashed', cashedOutAt: at, payout: toMinor(message.payout) },
          });
        if (message.balance !== undefined) this.events.balance(toMinor(message.balance));
        this.events.roundOver();
        return;
      }
      case 'error': {
        const code = String(message.code ?? 'ERROR');
        if (sessionEndedCodes.has(code)) {
          this.events.sessionEnded?.();
          return;
        }
        if (s.myBet?.status === 'pending') this.set({ myBet: null });
        else if (s.myBet?.status === 'cashing') this.set({ myBet: { ...s.myBet, status: 'accepted' } });
        this.events.error(code, String(message.message ?? code));
        return;
      }
      default:
        return;
    }
  }

  /** A bet this client placed in the same game survives a reconnect whose snapshot has no `me`. */
  private keptBet(gameId: string | null): MyBet | null {
    const bet = this.state.myBet;
    return bet && bet.gameId === gameId ? bet : null;
  }

  private applyCashouts(cashouts: Record<string, unknown>[]): CrashPlayer[] {
    const players = [...this.state.players];
    for (const cashout of cashouts) {
      const at = toHundredths(cashout.at);
      const index = players.findIndex(
        (p) => p.player === String(cashout.player) && p.cashedOutAt === undefined,
      );
      if (index >= 0 && at !== null) players[index] = { ...(players[index] as CrashPlayer), cashedOutAt: at };
    }
    return players;
  }

  private flushQueued(): void {
    const queued = this.state.queued;
    if (!queued || this.state.myBet) return;
    this.set({ queued: null });
    this.sendBet(queued.amount, queued.autoCashout);
  }

  private sendBet(amount: number, autoCashout: number | null): void {
    const bet: MyBet = { amount, autoCashout, gameId: this.state.gameId, status: 'pending' };
    this.set({ myBet: bet });
    const isSent = this.send({
      type: 'bet',
      amount,
      ...(autoCashout !== null ? { autoCashout } : {}),
      requestId: newRequestId(),
    });
    if (!isSent) {
      this.set({ myBet: null });
      return;
    }
    // Any answer replaces `myBet` (accepted, refused, a new game): the same object still pending
    // then means the answer was lost.
    this.stopBetTimer();
    this.betTimer = setTimeout(() => {
      this.betTimer = null;
      if (this.state.myBet === bet && !this.isClosed) this.resync();
    }, this.betAnswerTimeoutMs);
  }

  private stopBetTimer(): void {
    if (this.betTimer) clearTimeout(this.betTimer);
    this.betTimer = null;
  }

  /** A fresh connection, whose snapshot tells whether the pending bet is in the game. */
  private resync(): void {
    this.isResyncing = true;
    const stale = this.socket;
    // Forgotten first, so that its close does not schedule a reconnect of its own.
    this.socket = null;
    this.stopPing();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    stale?.close();
    this.connect();
  }

  private send(message: Record<string, unknown>, isReported = true): boolean {
    if (this.socket?.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    if (isReported) this.events.error('NETWORK', 'not connected');
    return false;
  }

  private set(patch: Partial<CrashState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/** The player's own bet from a snapshot's `me` (after a reload or a reconnect). */
function myBetFromSnapshot(me: unknown, phase: CrashPhase, gameId: string | null): MyBet | null {
  if (!me || typeof me !== 'object') return null;
  const raw = me as Record<string, unknown>;
  const amount = toMinor(raw.amount);
  const cashedOutAt = toHundredths(raw.cashedOutAt) ?? undefined;
  return {
    amount,
    autoCashout: toHundredths(raw.autoCashout),
    gameId,
    status: cashedOutAt !== undefined ? 'cashed' : phase === 'crashed' ? 'lost' : 'accepted',
    cashedOutAt,
    payout: cashedOutAt !== undefined ? payoutAtHundredths(amount, cashedOutAt) : undefined,
  };
}

function defaultSocketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${studioBase}crash/ws`;
}
