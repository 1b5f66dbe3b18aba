/**
 * One process under load: `npm run bench:load -- [--db pglite|pg] [--seconds 30] [--login-clients 100]
 * [--lobby-clients 50] [--bet-clients 50] [--after-seconds 5] [--timeout-ms 15000] [--plain]
 * [--server-env KEY=VALUE ...] [--server-node-arg=--cpu-prof ...] [--keep-data]` (server-env: e.g. the
 * LOAD_* and ARGON2_* limits; a profile is written by the restarted server, which ends with SIGTERM).
 *
 * Starts the real server in a process of its own, as `npm start` does (apps/server/src/main.ts under tsx,
 * production mode, the studio embedded, a fresh DATA_DIR on PGlite, or a throw-away PostgreSQL
 * database on DATABASE_URL's server with `--db pg`). Before that it seeds, through the register API of
 * the app built in this process on the same data: one account per login client and one per bettor
 * (bettors funded from the house), plus the demo catalogue. Then for `--seconds`:
 * - login clients sign in again and again, each with its own account and address (X-Forwarded-For,
 *   TRUST_PROXY on), with the right password, encrypted as the site sends it (`--plain`: not);
 * - lobby clients read the home page's calls;
 * - bettors, signed in and launched into dice at the studio (launch → studio session), bet 1.00 as a
 *   player does, one bet every `--bet-every-ms` (1,000) on a fixed schedule, the latency counted from
 *   the scheduled time (a late answer delays the next bet, and that delay counts); `--bet-every-ms 0`
 *   bets again as soon as answered (the studio's saturation rate);
 * - a probe opens a new connection to /healthz every 200 ms.
 * A client that gets 503/429 waits what Retry-After says (at most 2 s), as a polite client would. A
 * call counts when it was sent in the window, and is waited for up to --timeout-ms (else unanswered).
 * Then, with the load on again (not counted), it kills the server with SIGKILL, starts it again on the
 * same data, times its first answers (/healthz, then an API call), runs the same load for
 * `--after-seconds` (counted apart), stops it (SIGTERM) and checks the ledger (verifyLedger) on the
 * database and the studio's rounds (every bet settled or refunded). Prints one JSON document with per-kind figures and targets.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { encryptPayload, type PayloadPublicKey } from '@sorte/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { verifyLedger } from '../apps/server/src/modules/ledger/ledger-verify';
import { runSeeders } from '../apps/server/src/seed/run-seeders';
import { demoSeeders } from '../apps/server/src/seed/seeders';
import { benchDatabase, percentile } from './lib/bench-database';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    seconds: { type: 'string', default: '30' },
    'login-clients': { type: 'string', default: '100' },
    'lobby-clients': { type: 'string', default: '50' },
    'bet-clients': { type: 'string', default: '50' },
    /** Each bettor bets on a schedule, one bet every so many ms (0: again as soon as answered). */
    'bet-every-ms': { type: 'string', default: '1000' },
    'after-seconds': { type: 'string', default: '5' },
    'timeout-ms': { type: 'string', default: '15000' },
    plain: { type: 'boolean', default: false },
    'keep-data': { type: 'boolean', default: false },
    /** KEY=VALUE for the server, repeatable, e.g. --server-env LOAD_MAX_EVENT_LOOP_DELAY_MS=50. */
    'server-env': { type: 'string', multiple: true, default: [] },
    /** A flag for the server's node, repeatable, e.g. --server-node-arg=--cpu-prof (written at SIGTERM). */
    'server-node-arg': { type: 'string', multiple: true, default: [] },
  },
});
const kind = values.db === 'pg' ? 'pg' : 'pglite';
const seconds = Number(values.seconds);
const loginClients = Number(values['login-clients']);
const lobbyClients = Number(values['lobby-clients']);
const betClients = Number(values['bet-clients']);
const betEveryMs = Number(values['bet-every-ms']);
const afterSeconds = Number(values['after-seconds']);
const timeoutMs = Number(values['timeout-ms']);

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const password = 'load bench password 1';
const operatorKey = randomBytes(24).toString('base64url');
const run = randomBytes(2).toString('hex');
const usernameOf = (i: number) => `l${run}${i}`;
/** Every account signs in from an address of its own, so per-address rules never step in. */
const addressOf = (i: number) => `10.${60 + ((i >> 16) & 127)}.${(i >> 8) & 255}.${i & 255}`;
const round1 = (n: number) => Math.round(n * 10) / 10;

// Other work on the machine skews every figure: say how busy it was before anything started.
const loadAtStart = Number((loadavg()[0] as number).toFixed(2));
const dataDir = await mkdtemp(join(tmpdir(), 'sorte-bench-load-'));

// --- the database ---------------------------------------------------------------------------------

const database = benchDatabase(kind, { pool: 4, dataDir: `${dataDir}/pglite` });
const databaseUrl = database.url;
const openBenchDatabase = (): Promise<Database> => database.open();

// --- the server process ---------------------------------------------------------------------------

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

const serverEnv: Record<string, string> = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SERVE_WEB: 'false',
  TRUST_PROXY: 'true',
  OPERATOR_API_KEY: operatorKey,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  ...Object.fromEntries(
    (values['server-env'] ?? []).map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`--server-env ${pair}: expected KEY=VALUE`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  ),
};
const serverLog = createWriteStream(join(dataDir, 'server.log'));

function startServer(): ChildProcess {
  // `node --import tsx` rather than the tsx command: the pid is the server's own, so SIGKILL hits the
  // server and not a wrapper that would leave it running.
  const nodeArgs = values['server-node-arg'] ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...serverEnv, DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(serverLog, { end: false });
  child.stderr?.pipe(serverLog, { end: false });
  return child;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((done) => child.once('exit', () => done()));

// --- HTTP -----------------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
type Answer = { status: number; body: string; ms: number; headers: http.IncomingHttpHeaders };
type Failure = { status: 0; error: 'timeout' | 'network'; ms: number };

function call(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string; fresh?: boolean } = {},
): Promise<Answer | Failure> {
  const started = performance.now();
  return new Promise((done) => {
    let finished = false;
    const finish = (result: Answer | Failure) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      done(result);
    };
    const request = http.request(
      `${base}${path}`,
      {
        method,
        // The probe's request opens a connection of its own, as a load balancer's health check does.
        agent: options.fresh ? false : agent,
        headers: {
          ...(options.body ? { 'content-type': 'application/json' } : {}),
          ...(options.fresh ? { connection: 'close' } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          finish({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
            headers: response.headers,
          }),
        );
        response.on('error', () => finish({ status: 0, error: 'network', ms: performance.now() - started }));
      },
    );
    const timer = setTimeout(() => {
      finish({ status: 0, error: 'timeout', ms: performance.now() - started });
      request.destroy();
    }, timeoutMs);
    request.on('error', () => finish({ status: 0, error: 'network', ms: performance.now() - started }));
    request.end(options.body);
  });
}

const failed = (answer: Answer | Failure): answer is Failure => 'error' in answer;
const json = (answer: Answer | Failure) => (failed(answer) ? undefined : JSON.parse(answer.body));

/** Time until /healthz answers, then until an API call does (a busy start sheds calls for a while). */
async function waitForServer(limitMs: number): Promise<{ healthzMs: number; apiMs: number }> {
  const started = performance.now();
  let healthzMs = -1;
  while (performance.now() - started < limitMs) {
    if (healthzMs < 0) {
      const res = await call('GET', '/healthz', { fresh: true });
      if (res.status === 200) healthzMs = round1(performance.now() - started);
    }
    if (healthzMs >= 0) {
      const res = await call('GET', '/wps/system/status', { headers: lobbyHeaders });
      if (res.status === 200) return { healthzMs, apiMs: round1(performance.now() - started) };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not answer within ${limitMs} ms (see ${dataDir}/server.log)`);
}

// --- seeding, in this process, on the server's data -----------------------------------------------

const betIndex = (b: number) => loginClients + b;
let diceNodeId = 0;
{
  const db = await openBenchDatabase();
  await migrate(db);
  // The same settings as the server's (its keys are made here, under DATA_DIR/keys, and kept),
  // without load shedding: seeding stalls its own event loop and must not refuse itself.
  const app = await buildApp(
    loadConfig({
      ...serverEnv,
      LOG_LEVEL: 'silent',
      LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      LOAD_MAX_EVENT_LOOP_UTILIZATION: '0',
      ARGON2_QUEUE_WAIT_MS: '60000',
    }),
    { db },
  );
  try {
    await runSeeders(app, demoSeeders);
    const [dice] = await db.query<{ node_id: number }>("select node_id from games where game_code = 'dice'");
    if (!dice) throw new Error('no dice game in the demo catalogue');
    diceNodeId = dice.node_id;
    let next = 0;
    const accounts = loginClients + betClients;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let i = next++; i < accounts; i = next++) {
          const res = await app.inject({
            method: 'PUT',
            url: '/wps/member/register',
            headers: { 'x-forwarded-for': addressOf(i) },
            payload: { username: usernameOf(i), password, confirmPassword: password },
          });
          if (res.statusCode !== 200)
            throw new Error(`register ${usernameOf(i)}: ${res.statusCode} ${res.body}`);
          if (i >= loginClients) {
            const token = res.json().value.token as string;
            const info = await app.inject({
              url: '/wps/member/info',
              headers: { authorization: `Bearer ${token}` },
            });
            const memberId = String(info.json().value.id);
            const cash = (await app.ledger.openAccounts(memberId, 'BRL')).cash;
            const key = `bench:load:fund:${memberId}`;
            await app.ledger.transfer({
              idempotencyKey: key,
              debitAccountId: app.ledger.houseAccountFor('BRL', key),
              creditAccountId: cash,
              amount: 100_000_000n,
              currency: 'BRL',
              kind: 'deposit',
            });
          }
        }
      }),
    );
  } finally {
    await app.close();
    await db.close();
  }
}

// --- the load -------------------------------------------------------------------------------------

type Tally = {
  latencies: number[];
  /** When each answer came, in seconds since the measured run began (parallel to latencies). */
  answeredAt: number[];
  count: number;
  ok: number;
  shed503: number;
  throttled429: number;
  timeouts: number;
  network: number;
  other: Record<string, number>;
};
const newTally = (): Tally => ({
  latencies: [],
  answeredAt: [],
  count: 0,
  ok: 0,
  shed503: 0,
  throttled429: 0,
  timeouts: 0,
  network: 0,
  other: {},
});

let tallies: Record<'login' | 'lobby' | 'bet' | 'healthz', Tally>;
let recording = false;
let running = false;
let recordingSince = 0;
const resetTallies = () => {
  tallies = { login: newTally(), lobby: newTally(), bet: newTally(), healthz: newTally() };
  recordingSince = performance.now();
};
resetTallies();

/** Counts one answer; answers how long a polite client waits before its next call. */
function record(kind: keyof typeof tallies, res: Answer | Failure, counted: boolean): number {
  if (!counted) return 0;
  const tally = tallies[kind];
  tally.count++;
  if (failed(res)) {
    if (res.error === 'timeout') tally.timeouts++;
    else tally.network++;
    return 0;
  }
  tally.latencies.push(res.ms);
  // The probe's answers come after the run, each with the wall-clock time it came.
  const at = 'at' in res && typeof res.at === 'number' ? res.at - performance.timeOrigin : performance.now();
  tally.answeredAt.push((at - recordingSince) / 1000);
  if (res.status === 200) tally.ok++;
  else if (res.status === 503) tally.shed503++;
  else if (res.status === 429) tally.throttled429++;
  else {
    let code = String(res.status);
    try {
      code = `${res.status} ${JSON.parse(res.body).code ?? JSON.parse(res.body).error?.code ?? ''}`.trim();
    } catch {}
    tally.other[code] = (tally.other[code] ?? 0) + 1;
  }
  if (res.status === 503 || res.status === 429)
    return Math.min(2, Number(res.headers['retry-after'] ?? 1)) * 1000;
  return 0;
}

function summary(tally: Tally) {
  const sorted = Float64Array.from(tally.latencies).sort();
  return {
    count: tally.count,
    answered: sorted.length,
    unanswered: tally.timeouts + tally.network,
    ...(tally.network ? { networkErrors: tally.network } : {}),
    ok: tally.ok,
    shed503: tally.shed503,
    throttled429: tally.throttled429,
    ...(Object.keys(tally.other).length ? { otherStatus: tally.other } : {}),
    p50: round1(percentile(sorted, 50)),
    p99: round1(percentile(sorted, 99)),
    max: round1(sorted.length ? (sorted[sorted.length - 1] as number) : 0),
    // The slowest answers and when they came (s, ms): slow answers together point at a stall of
    // the server (a checkpoint, a periodic job), slow answers spread out at queueing.
    slowest: tally.latencies
      .map((ms, i) => [round1(tally.answeredAt[i] as number), round1(ms)] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 16),
  };
}

const pause = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

const homeCalls = [
  '/wps/system/status',
  '/wps/relay/vendorSorting',
  '/wps/relay/hotGames',
  '/wps/relay/gameList?pageNo=1&pageSize=12&gameType=RNG',
  '/wps/relay/announcements?types=B,PL,PU,PR&platform=W&execution=B',
  '/wps/relay/banners?groupName=w_home',
  '/wps/relay/winnerBoard?limitNum=20',
];
const lobbyHeaders = { lang: 'pt', merchantCode: 'BR', 'accept-encoding': 'gzip, br' };

let server = startServer();
// Whatever happens to the benchmark, the server it started does not outlive it.
process.on('exit', () => server.kill('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    server.kill('SIGKILL');
    process.exit(130);
  });
const firstStart = await waitForServer(180_000);

// Login bodies, encrypted as the site sends them (made once each: the server keeps no replay list).
const publicKey = values.plain
  ? null
  : (json(await setupCall('GET', '/wps/system/publicKey')).value as PayloadPublicKey);
const loginBodies = await Promise.all(
  Array.from({ length: loginClients }, async (_, i) => {
    const body = { username: usernameOf(i), password };
    return JSON.stringify(
      publicKey
        ? await encryptPayload(publicKey.jwk, publicKey.keyId, 'POST', '/wps/session/login', body)
        : body,
    );
  }),
);

/** A call of the setup, repeated while the server sheds it (outside the measured time). */
async function setupCall(...args: Parameters<typeof call>): Promise<Answer | Failure> {
  for (let attempt = 0; ; attempt++) {
    const res = await call(...args);
    if ((res.status !== 503 && res.status !== 429) || attempt === 60) return res;
    await pause(Number((res as Answer).headers['retry-after'] ?? 1) * 1000);
  }
}

/** A bettor: signed in, launched into dice, with a studio session (outside the measured time). */
async function openBettor(b: number): Promise<string> {
  const i = betIndex(b);
  const headers = { 'x-forwarded-for': addressOf(i) };
  const body = { username: usernameOf(i), password };
  const login = await setupCall('POST', '/wps/session/login', {
    headers,
    body: JSON.stringify(
      publicKey
        ? await encryptPayload(publicKey.jwk, publicKey.keyId, 'POST', '/wps/session/login', body)
        : body,
    ),
  });
  if (login.status !== 200)
    throw new Error(`bettor ${i} login: ${login.status} ${'body' in login ? login.body : ''}`);
  const token = json(login).value.token as string;
  const launch = await setupCall('GET', `/wps/game/launchGame?game=${diceNodeId}`, {
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  if (launch.status !== 200)
    throw new Error(`bettor ${i} launch: ${launch.status} ${'body' in launch ? launch.body : ''}`);
  const launchToken = new URL(json(launch).value.url as string, base).searchParams.get('token');
  const session = await setupCall('POST', '/studio/api/session', {
    headers,
    body: JSON.stringify({ token: launchToken, gameCode: 'dice' }),
  });
  if (session.status !== 200)
    throw new Error(`bettor ${i} studio session: ${session.status} ${'body' in session ? session.body : ''}`);
  return json(session).session as string;
}
const sessions: string[] = [];
for (let b = 0; b < betClients; b += 10) {
  sessions.push(
    ...(await Promise.all(Array.from({ length: Math.min(10, betClients - b) }, (_, k) => openBettor(b + k)))),
  );
}

/** Starts every client; answers a function that stops them and waits for them. */
function startLoad(withProbe: boolean): () => Promise<void> {
  running = true;
  const clients: Promise<void>[] = [];
  for (let i = 0; i < loginClients; i++) {
    clients.push(
      (async () => {
        while (running) {
          const counted = recording; // by when it was sent: a slow answer still counts
          const res = await call('POST', '/wps/session/login', {
            headers: { 'x-forwarded-for': addressOf(i) },
            body: loginBodies[i],
          });
          await pause(record('login', res, counted));
        }
      })(),
    );
  }
  for (let c = 0; c < lobbyClients; c++) {
    clients.push(
      (async () => {
        for (let n = c; running; n++) {
          const counted = recording; // by when it was sent: a slow answer still counts
          const res = await call('GET', homeCalls[n % homeCalls.length] as string, {
            headers: { ...lobbyHeaders, 'x-forwarded-for': addressOf(100_000 + c) },
          });
          await pause(record('lobby', res, counted));
        }
      })(),
    );
  }
  for (let b = 0; b < betClients; b++) {
    clients.push(
      (async () => {
        // Scheduled bettors start spread over one interval, not all in the same millisecond.
        let scheduled = performance.now() + (b * betEveryMs) / betClients;
        while (running) {
          if (betEveryMs > 0) await pause(scheduled - performance.now());
          if (!running) break;
          const counted = recording; // by when it was sent: a slow answer still counts
          const sent = performance.now();
          const res = await call('POST', '/studio/api/dice/bet', {
            headers: { 'x-studio-session': sessions[b] as string, 'x-forwarded-for': addressOf(betIndex(b)) },
            body: JSON.stringify({ amount: 100, direction: 'over', target: 5000, requestId: randomUUID() }),
          });
          if (betEveryMs <= 0) {
            await pause(record('bet', res, counted));
            continue;
          }
          // From the time the bet was due: a bet sent late because the last one answered late waited too.
          record('bet', { ...res, ms: res.ms + Math.max(0, sent - scheduled) }, counted);
          scheduled += betEveryMs;
        }
      })(),
    );
  }
  // The /healthz probe runs on a thread of its own: its timings do not wait for this thread's loop,
  // busy with 200 clients.
  const probe = withProbe ? new Worker(probeSource, { eval: true, workerData: { base, timeoutMs } }) : null;
  return async () => {
    running = false;
    const probed = probe
      ? new Promise<(Answer | Failure)[]>((done) => probe.once('message', done))
      : Promise.resolve([]);
    probe?.postMessage('stop');
    await Promise.all(clients);
    for (const res of await probed) record('healthz', res, true);
    await probe?.terminate();
  };
}

const probeSource = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const results = [];
const inflight = new Set();
function probe() {
  const started = performance.now();
  const done = new Promise((resolve) => {
    let over = false;
    const finish = (result) => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      results.push({ headers: {}, body: '', ...result, ms: performance.now() - started, at: performance.timeOrigin + performance.now() });
      resolve();
    };
    const request = http.request(workerData.base + '/healthz', { agent: false, headers: { connection: 'close' } }, (response) => {
      response.resume();
      response.on('end', () => finish({ status: response.statusCode }));
      response.on('error', () => finish({ status: 0, error: 'network' }));
    });
    const timer = setTimeout(() => { finish({ status: 0, error: 'timeout' }); request.destroy(); }, workerData.timeoutMs);
    request.on('error', () => finish({ status: 0, error: 'network' }));
    request.end();
  });
  inflight.add(done);
  done.then(() => inflight.delete(done));
}
const every = setInterval(probe, 200);
parentPort.on('message', async () => {
  clearInterval(every);
  await Promise.all([...inflight]);
  parentPort.postMessage(results);
});
`;

async function serverLoad() {
  const res = await call('GET', '/ops/load', { headers: { 'x-operator-key': operatorKey } });
  return res.status === 200 ? json(res).value : { status: res.status };
}

/** Load for `ms`; the calls sent in that time are counted, each waited for (up to the timeout). */
const measure = async (ms: number) => {
  resetTallies();
  recording = true;
  clientDelay.reset();
  const stop = startLoad(true);
  await pause(ms);
  recording = false;
  const client = {
    p99: round1(clientDelay.percentile(99) / 1e6),
    max: round1(clientDelay.max / 1e6),
  };
  await stop();
  return {
    login: summary(tallies.login),
    lobby: summary(tallies.lobby),
    bet: summary(tallies.bet),
    healthz: summary(tallies.healthz),
    // This process's own lag: a large one means the clients, not the server, are the bottleneck.
    benchEventLoopDelayMs: client,
  };
};
const clientDelay = monitorEventLoopDelay({ resolution: 10 });
clientDelay.enable();

// The measured run.
const main = await measure(seconds * 1000);
const loadDuring = await serverLoad();

// kill -9 in the middle of the load (not counted), then a start on the same data.
const stopBeforeKill = startLoad(false);
await pause(1000);
server.kill('SIGKILL');
await exited(server);
await stopBeforeKill();
server = startServer();
const restart = await waitForServer(180_000);
// The first answers after the restart: every kind of call, with the whole load on again.
const after = await measure(afterSeconds * 1000);
const afterLoad = await serverLoad();
server.kill('SIGTERM');
await exited(server);

// The ledger, read from the database the killed and restarted server wrote.
const db = await openBenchDatabase();
let ledger: { ok: boolean; detail?: unknown };
try {
  const verdict = await verifyLedger(db);
  ledger = verdict.ok ? { ok: true } : { ok: false, detail: verdict };
} finally {
  await db.close();
}
// The studio's own check of its rounds (every bet settled or refunded), on its data directory.
// (It exits 1 when a round is still open: its JSON is reported either way.)
let studioRounds: unknown;
try {
  studioRounds = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/studio/src/server/scripts/rounds-check.ts'],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    },
  );
} catch (error) {
  studioRounds = (error as { stdout?: string }).stdout || `failed: ${String(error)}`;
}
try {
  studioRounds = JSON.parse(String(studioRounds).trim());
} catch {}

const f = main;
const unanswered =
  f.login.unanswered +
  f.lobby.unanswered +
  f.bet.unanswered +
  f.healthz.unanswered +
  after.login.unanswered +
  after.lobby.unanswered +
  after.bet.unanswered +
  after.healthz.unanswered;
console.log(
  JSON.stringify(
    {
      db: kind,
      cores: availableParallelism(),
      loadAtStart,
      seconds,
      clients: {
        login: loginClients,
        lobby: lobbyClients,
        bet: betClients,
        betEveryMs,
        healthzProbeEveryMs: 200,
      },
      encryptedLogins: !values.plain,
      serverEnv: values['server-env'],
      firstStart,
      ...main,
      server: loadDuring,
      restart: { ...restart, afterSeconds, ...after, server: afterLoad },
      ledger,
      studioRounds,
      targets: {
        noneUnanswered: unanswered === 0,
        loginP99Under500ms: f.login.p99 <= 500,
        healthzMaxUnder50ms: f.healthz.max <= 50 && after.healthz.max <= 50,
        betP99Under100ms: f.bet.p99 <= 100,
        ledgerClean: ledger.ok,
      },
      dataDir: values['keep-data'] ? dataDir : undefined,
    },
    null,
    2,
  ),
);
agent.destroy();
serverLog.end();
await database.drop();
if (!values['keep-data']) await rm(dataDir, { recursive: true, force: true });
