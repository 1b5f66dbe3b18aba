/**
 * The vendor's side of the wallet benchmark, run in its own worker thread (its own event loop, its
 * own keep-alive HTTP agent), so that the figures measure the server and not a client sharing its
 * event loop. Started by wallet.bench.ts through `runWalletLoad`; answers one `WalletLoadResult`.
 *
 * Two modes:
 * - open loop (`rate` set): `clients` players-at-a-time share a fixed arrival rate of rounds. Client k
 *   plays its rounds at start + (j + k / clients) · clients / rate. Each round is a bet, then (with
 *   `wins`) its win as soon as the bet is answered. Latency is measured from the call's SCHEDULED
 *   send time (the bet's slot; the win's is the bet's answer), so a server that falls behind is
 *   charged for the wait of every call queued behind it (no coordinated omission).
 * - closed loop: `connections` clients each send their next call as soon as the last one answered;
 *   the achieved rate is the saturation rate.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

export type WalletLoadJob = {
  port: number;
  secret: string;
  players: string[];
  run: string;
  /** Rounds per second offered (open loop); null: closed loop. */
  rate: number | null;
  clients: number;
  seconds: number;
  /**
   * The same load first for this long, not counted, on the same connections and the same warmed
   * code (as a vendor's running client has them); the worker says when the counted part starts.
   */
  warmupSeconds: number;
  wins: boolean;
};

export type WalletLoadResult = {
  seconds: number;
  /** Rounds whose calls were all answered OK. */
  rounds: number;
  /** Per call, in ms: from the scheduled send time in open loop, from the send in closed loop. */
  latencies: Float64Array;
  statuses: Record<string, number>;
  httpErrors: number;
  /** Open loop: rounds started later than their slot because the client was still busy. */
  lateStarts: number;
  /** Open loop: rounds given up, still unstarted when twice the run's time had passed. */
  notStarted: number;
  /**
   * Per second of the run (by the call's scheduled send time): the slowest call and the calls over
   * 100 ms. A stall (a checkpoint's flush, a long pause) shows as one or two bad seconds; a server
   * short of capacity as a tail spread over the whole run.
   */
  bySecond: Array<{ maxMs: number; over100Ms: number }>;
};

type Answer = { status: number; walletStatus: string };

function load(job: WalletLoadJob): Promise<WalletLoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.clients });
  const sign = (body: string) => createHmac('sha256', job.secret).update(body).digest('hex');
  const post = (action: string, body: string) =>
    new Promise<Answer>((resolve) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: job.port,
          path: `/vendor/SORTE/wallet/${action}`,
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-signature': sign(body),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
          });
          response.on('end', () => {
            // A protocol answer has a status; anything else (a 503 of the load shedding) its HTTP code.
            let walletStatus = `HTTP ${response.statusCode}`;
            try {
              const answer = JSON.parse(text) as { status?: unknown };
              if (typeof answer.status === 'string') walletStatus = answer.status;
            } catch {}
            resolve({ status: response.statusCode ?? 0, walletStatus });
          });
          response.on('error', () => resolve({ status: 0, walletStatus: 'RESPONSE_ERROR' }));
        },
      );
      request.on('error', () => resolve({ status: 0, walletStatus: 'REQUEST_ERROR' }));
      request.end(body);
    });

  const phase = (seconds: number, run: string) => runPhase(job, post, seconds, run);
  const warmup = job.warmupSeconds > 0 ? phase(job.warmupSeconds, `${job.run}w`) : Promise.resolve();
  return warmup
    .then(() => {
      if (job.warmupSeconds <= 0) return;
      // The main thread reads its counters (the server's CPU, the WAL) before the counted part, not
      // during it: that work is on the server's own thread.
      const go = new Promise<void>((resolve) => parentPort?.once('message', () => resolve()));
      parentPort?.postMessage({ measuring: true });
      return go;
    })
    .then(() => phase(job.seconds, job.run))
    .finally(() => agent.destroy());
}

/** One stretch of load on the worker's connections: `seconds` of rounds named after `run`. */
function runPhase(
  job: WalletLoadJob,
  post: (action: string, body: string) => Promise<Answer>,
  seconds: number,
  run: string,
): Promise<WalletLoadResult> {
  const latencies: number[] = [];
  const bySecond: Array<{ maxMs: number; over100Ms: number }> = [];
  let started = performance.now();
  const statuses: Record<string, number> = {};
  let httpErrors = 0;
  let rounds = 0;
  let lateStarts = 0;
  let sequence = 0;
  let seed = 0x9e3779b9;
  // A small PRNG: the client's own cost per call should stay well below the server's.
  const random = (n: number) => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % n;
  };

  const call = async (action: string, payload: object, scheduledAt: number) => {
    const answer = await post(action, JSON.stringify(payload));
    const ms = performance.now() - scheduledAt;
    latencies.push(ms);
    const second = Math.max(0, Math.floor((scheduledAt - started) / 1000));
    for (let i = bySecond.length; i <= second; i++) bySecond.push({ maxMs: 0, over100Ms: 0 });
    const bucket = bySecond[second] as { maxMs: number; over100Ms: number };
    bucket.maxMs = Math.max(bucket.maxMs, Math.round(ms));
    if (ms > 100) bucket.over100Ms++;
    if (answer.status !== 200) httpErrors++;
    const label = `${action} ${answer.walletStatus}`;
    statuses[label] = (statuses[label] ?? 0) + 1;
    return answer.walletStatus === 'OK';
  };

  const playRound = async (client: number, scheduledAt: number) => {
    const n = sequence++;
    // Each client plays its own players (client k: players k, k + clients, ...), as a vendor's
    // open games would.
    const own = Math.max(1, Math.floor((job.players.length - client - 1) / job.clients) + 1);
    const playerId = job.players[(client + random(own) * job.clients) % job.players.length] as string;
    const roundId = `${run}-r${n}`;
    const common = { playerId, roundId, gameCode: 'crash', currency: 'BRL' };
    const placed = await call(
      'bet',
      { ...common, transactionId: `${run}-b${n}`, amount: 1 + random(10_000) },
      scheduledAt,
    );
    // A vendor settles only a bet the wallet took.
    let settled = placed;
    if (job.wins && placed) {
      settled = await call(
        'win',
        {
          ...common,
          transactionId: `${run}-w${n}`,
          amount: random(3) ? 0 : random(20_000),
          roundEnded: true,
        },
        performance.now(),
      );
    }
    // Only rounds the wallet took whole count (a refused call is quick and would flatter the rate).
    if (settled) rounds++;
  };

  const sleepUntil = (at: number) =>
    new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

  started = performance.now();
  const deadline = started + seconds * 1000;
  const giveUpAt = started + 2 * seconds * 1000;
  let notStarted = 0;
  const clients = Array.from({ length: job.clients }, async (_, client) => {
    if (job.rate === null) {
      while (performance.now() < deadline) await playRound(client, performance.now());
      return;
    }
    const interval = (1000 * job.clients) / job.rate;
    for (let j = 0; ; j++) {
      const slot = started + (j + client / job.clients) * interval;
      if (slot >= deadline) return;
      // A server far behind the schedule would keep the run going for ever: rounds still unstarted
      // once twice the run's time has passed are given up and counted (as errors).
      if (performance.now() > giveUpAt) {
        notStarted++;
        continue;
      }
      if (performance.now() > slot + 1) lateStarts++;
      else await sleepUntil(slot);
      await playRound(client, slot);
    }
  });
  return Promise.all(clients).then(() => {
    return {
      seconds: (performance.now() - started) / 1000,
      rounds,
      latencies: Float64Array.from(latencies),
      statuses,
      httpErrors,
      lateStarts,
      notStarted,
      bySecond,
    };
  });
}

/**
 * Runs the load in a new worker thread and answers its result, with what `atStart` read just before
 * the counted part (the server's counters): when the warm-up (if any) is over, the worker waits for
 * it before going on; without one, it is read before the worker starts.
 */
export async function runWalletLoad<T>(
  job: WalletLoadJob,
  atStart: () => Promise<T>,
): Promise<{ result: WalletLoadResult; atStart: T }> {
  // With a warm-up, the worker asks for the reading when the warm-up ends (before its result).
  let read: Promise<T> | null = job.warmupSeconds > 0 ? null : Promise.resolve(await atStart());
  // The worker runs this same TypeScript file: a small script registers tsx's loader first.
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(bootstrap, { eval: true, workerData: job });
    worker.on('message', (message: WalletLoadResult | { measuring: true }) => {
      if ('measuring' in message) {
        read = atStart();
        read.then(() => worker.postMessage('go'), reject);
      } else (read as Promise<T>).then((counters) => resolve({ result: message, atStart: counters }), reject);
    });
    worker.once('error', reject);
  });
}

if (!isMainThread && (workerData as WalletLoadJob | undefined)?.players) {
  const result = await load(workerData as WalletLoadJob);
  parentPort?.postMessage(result, [result.latencies.buffer as ArrayBuffer]);
}
