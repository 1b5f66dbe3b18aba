/**
 * One client process of `bench/crash.bench.ts` (forked with IPC): opens its share of the crash
 * game's WebSocket viewers — guests that only watch, and members who bet every game and cash out
 * (auto or by hand) — and times every tick from the studio's `sentAt` to its arrival here. Several
 * of these processes share the load so that the client side is not what the benchmark measures; each
 * reports its own event-loop delay so a saturated client shows in the figures.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';

export type ClientStart = {
  type: 'start';
  url: string;
  guests: number;
  /** Studio sessions of this process's betting members. */
  bettors: string[];
  /** Handshakes in flight at once while connecting. */
  parallel: number;
};

/** Delays are counted per millisecond up to this; anything later lands in the last bin. */
export const HISTOGRAM_MS = 60_000;

export type ClientResult = {
  type: 'result';
  connected: number;
  connectFailures: number;
  openAtEnd: number;
  disconnects: number;
  messages: number;
  bytes: number;
  ticks: number;
  /**
   * Ticks that some socket of this process got and others did not (skipped by the studio for a
   * viewer far behind, or lost), leaving out the first and last tick of the window, which the
   * sockets may straddle.
   */
  ticksMissed: number;
  ticksWithoutSentAt: number;
  /** [delay ms, count] for every non-empty bin. */
  histogram: [number, number][];
  maxDelayMs: number;
  gamesCrashed: number[];
  betsSent: number;
  betsAccepted: number;
  cashoutsSent: number;
  cashedOut: number;
  serverErrors: Record<string, number>;
  clientLoopDelayP99Ms: number;
  clientCpuMs: number;
};

type Bettor = {
  session: string;
  socket: WebSocket | null;
  gameId: number | null;
  /** Hundredths at which this bettor cashes out by hand (null: auto cash-out or no bet). */
  manualAt: number | null;
  accepted: boolean;
  cashoutSent: boolean;
};

const send = (message: object) => process.send?.(message);

let measuring = false;
const counts = {
  messages: 0,
  bytes: 0,
  ticks: 0,
  ticksWithoutSentAt: 0,
  disconnects: 0,
  betsSent: 0,
  betsAccepted: 0,
  cashoutsSent: 0,
  cashedOut: 0,
};
const serverErrors: Record<string, number> = {};
const histogram = new Uint32Array(HISTOGRAM_MS + 1);
let maxDelayMs = 0;
const gamesCrashed = new Set<number>();
/** Sockets that got each tick (`gameId:elapsedMs`), in the order the ticks came. */
const tickReceipts = new Map<string, number>();
let currentGame = 0;
const sockets = new Set<WebSocket>();
let stopping = false;
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
let cpuAtMeasure = process.cpuUsage();

/** The studio's multiplier at `ms` after the start, in hundredths (apps/studio/API.md). */
const multiplierAt = (ms: number) => Math.floor(100 * Math.exp(0.00006 * ms));

function onMessage(data: WebSocket.RawData, bettor: Bettor | null) {
  const text = data.toString();
  const m = JSON.parse(text) as Record<string, unknown> & { type: string };
  if (measuring) {
    counts.messages++;
    counts.bytes += text.length;
  }
  switch (m.type) {
    case 'tick': {
      if (measuring) {
        counts.ticks++;
        const key = `${currentGame}:${m.elapsedMs}`;
        tickReceipts.set(key, (tickReceipts.get(key) ?? 0) + 1);
        if (typeof m.sentAt !== 'number') counts.ticksWithoutSentAt++;
        else {
          const delay = Math.max(0, Date.now() - m.sentAt);
          const bin = Math.min(HISTOGRAM_MS, Math.round(delay));
          histogram[bin] = (histogram[bin] as number) + 1;
          if (delay > maxDelayMs) maxDelayMs = delay;
        }
      }
      if (
        bettor?.accepted &&
        bettor.manualAt !== null &&
        !bettor.cashoutSent &&
        multiplierAt(Number(m.elapsedMs)) >= bettor.manualAt
      ) {
        bettor.cashoutSent = true;
        bettor.socket?.send(JSON.stringify({ type: 'cashout' }));
        if (measuring) counts.cashoutsSent++;
      }
      return;
    }
    case 'started':
      currentGame = Number(m.gameId);
      return;
    case 'snapshot':
      if (m.phase === 'running') currentGame = Number(m.gameId);
      return;
    case 'crashed':
      if (measuring) gamesCrashed.add(Number(m.gameId));
      if (bettor) Object.assign(bettor, { accepted: false, manualAt: null, cashoutSent: false });
      return;
    case 'betting':
      if (bettor && !stopping) placeBet(bettor, Number(m.gameId));
      return;
    case 'bet_accepted':
      if (bettor) bettor.accepted = true;
      if (measuring) counts.betsAccepted++;
      return;
    case 'cashed_out':
      if (measuring) counts.cashedOut++;
      return;
    case 'error': {
      const code = String(m.code);
      if (measuring) serverErrors[code] = (serverErrors[code] ?? 0) + 1;
      return;
    }
  }
}

/** Bets at a random moment of the first 2.5 s of betting, half with an auto cash-out. */
function placeBet(bettor: Bettor, gameId: number) {
  bettor.gameId = gameId;
  const auto = Math.random() < 0.5;
  setTimeout(() => {
    if (stopping || bettor.gameId !== gameId || bettor.socket?.readyState !== WebSocket.OPEN) return;
    bettor.manualAt = auto ? null : 110 + randomInt(200);
    bettor.accepted = false;
    bettor.cashoutSent = false;
    bettor.socket.send(
      JSON.stringify({
        type: 'bet',
        amount: 100 + randomInt(900),
        ...(auto ? { autoCashout: 110 + randomInt(190) } : {}),
        requestId: randomBytes(9).toString('base64url'),
      }),
    );
    if (measuring) counts.betsSent++;
  }, randomInt(2500));
}

function connect(url: string, bettor: Bettor | null): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    let opened = false;
    socket.on('open', () => {
      opened = true;
      sockets.add(socket);
      socket.send(JSON.stringify(bettor ? { type: 'auth', session: bettor.session } : { type: 'watch' }));
    });
    socket.on('message', (data) => {
      if (!opened) return;
      onMessage(data, bettor);
      // Connected once the snapshot arrived: the studio counts this viewer from then on.
      resolve(true);
    });
    socket.on('error', () => {
      if (!opened) resolve(false);
    });
    socket.on('close', () => {
      sockets.delete(socket);
      if (!opened) resolve(false);
      else if (!stopping) counts.disconnects++;
    });
    if (bettor) bettor.socket = socket;
  });
}

async function start(options: ClientStart) {
  const url = `${options.url.replace(/^http/, 'ws')}/crash/ws`;
  const bettors: Bettor[] = options.bettors.map((session) => ({
    session,
    socket: null,
    gameId: null,
    manualAt: null,
    accepted: false,
    cashoutSent: false,
  }));
  const plan: (Bettor | null)[] = [...bettors, ...Array.from({ length: options.guests }, () => null)];
  let next = 0;
  let connected = 0;
  let failures = 0;
  const lanes = Array.from({ length: Math.max(1, options.parallel) }, async () => {
    while (next < plan.length) {
      const index = next++;
      if (await connect(url, plan[index] ?? null)) connected++;
      else failures++;
    }
  });
  await Promise.all(lanes);
  send({ type: 'connected', connected, connectFailures: failures });
  return { connected, failures };
}

let started: { connected: number; failures: number } | null = null;

process.on('message', (message: { type: string }) => {
  if (message.type === 'start')
    void start(message as ClientStart).then((s) => {
      started = s;
    });
  if (message.type === 'measure') {
    measuring = true;
    loopDelay.enable();
    cpuAtMeasure = process.cpuUsage();
  }
  if (message.type === 'stop') {
    measuring = false;
    stopping = true;
    loopDelay.disable();
    const cpu = process.cpuUsage(cpuAtMeasure);
    const bins: [number, number][] = [];
    for (let ms = 0; ms <= HISTOGRAM_MS; ms++) if (histogram[ms]) bins.push([ms, histogram[ms] as number]);
    const result: ClientResult = {
      type: 'result',
      connected: started?.connected ?? 0,
      connectFailures: started?.failures ?? 0,
      openAtEnd: sockets.size,
      ...counts,
      ticksMissed: [...tickReceipts.values()]
        .slice(1, -1)
        .reduce((n, got) => n + Math.max(0, sockets.size - got), 0),
      histogram: bins,
      maxDelayMs,
      gamesCrashed: [...gamesCrashed],
      serverErrors,
      clientLoopDelayP99Ms: Number((loopDelay.percentile(99) / 1e6).toFixed(1)),
      clientCpuMs: Math.round((cpu.user + cpu.system) / 1000),
    };
    send(result);
    for (const socket of sockets) socket.terminate();
    setTimeout(() => process.exit(0), 200);
  }
});
