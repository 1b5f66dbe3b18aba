/**
 * The multiplayer crash game under many viewers:
 * `npm run bench:crash -- --viewers 5000 --seconds 60 [--bettors 300] [--clients 4] [--db pglite|pg] [--profile DIR]`.
 *
 * Runs the real processes as in production's scaled-out mode — the platform (apps/server/src/main.ts,
 * PGlite under a temporary DATA_DIR, or a throw-away PostgreSQL database with `--db pg`) and the
 * studio on its own port (apps/studio/src/server/main.ts, its own database) — after registering and
 * funding `--bettors` members. Each bettor opens the crash game the way the site does (launch token
 * from the platform → studio session) and bets in every game over the WebSocket, half of them with an
 * auto cash-out, the others cashing out by hand; the rest of the `--viewers` sockets only watch. The
 * sockets are spread over `--clients` forked processes (bench/lib/crash-clients.ts).
 *
 * The studio runs with CRASH_TICK_SENT_AT=true, so each tick carries the server's Date.now() when it
 * was sent; one machine, one clock: tick delay = arrival − sentAt. Prints one JSON line: viewers
 * connected, rounds, ticks, messages/s, tick delay p50/p99/max, the studio's peak RSS
 * (/proc/<pid>/status VmRSS) and CPU, errors and disconnects, and the load average at the start.
 * Targets: p99 tick delay ≤ 100 ms, studio RSS ≤ 1 GiB.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { ClientResult, ClientStart } from './lib/crash-clients';

const { values } = parseArgs({
  options: {
    viewers: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '60' },
    bettors: { type: 'string', default: '300' },
    clients: { type: 'string', default: '4' },
    db: { type: 'string', default: 'pglite' },
    parallel: { type: 'string', default: '50' },
    /** A directory: the studio runs with --cpu-prof and writes its profile there when it stops. */
    profile: { type: 'string' },
  },
});
const viewers = Number(values.viewers);
const seconds = Number(values.seconds);
const bettorCount = Math.min(Number(values.bettors), viewers);
const clientCount = Math.max(1, Number(values.clients));
const kind = values.db === 'pg' ? 'pg' : 'pglite';
const root = new URL('..', import.meta.url).pathname;

const loadAtStart = loadavg().map((n) => Number(n.toFixed(2)));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message: string) => console.error(`[bench:crash] ${message}`);

/** The soft limit on open files of this process (its children inherit it). */
function openFilesLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  return Number(line?.split(/\s+/)[3] ?? 0);
}
const fdLimit = openFilesLimit();
// The studio holds one descriptor per viewer, each client process its share, plus some to spare.
if (fdLimit && fdLimit < viewers + 512)
  log(`warning: open files limit ${fdLimit} < ${viewers + 512}; raise it (ulimit -n) or fewer viewers`);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// --- databases -----------------------------------------------------------------------------------------

const dataDir = mkdtempSync(join(tmpdir(), 'sorte-bench-crash-'));
const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const suffix = randomBytes(4).toString('hex');
const databases =
  kind === 'pg' ? { platform: `sorte_bench_crash_${suffix}`, studio: `sorte_bench_crash_${suffix}_s` } : null;
const databaseUrl = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// --- processes -----------------------------------------------------------------------------------------

type Proc = { name: string; child: ChildProcess; output: string; exited: Promise<number | null> };

function startProcess(name: string, entry: string, env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Proc {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc: Proc = {
    name,
    child,
    output: '',
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
  };
  const onData = (chunk: Buffer) => {
    proc.output += chunk.toString();
    if (proc.output.length > 1_000_000) proc.output = proc.output.slice(-200_000);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  return proc;
}

async function waitHealthy(url: string, proc: Proc, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void proc.exited.then(() => {
    exited = true;
  });
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {}
    if (exited) throw new Error(`${proc.name} exited:\n${proc.output.slice(-4000)}`);
    if (Date.now() > deadline) throw new Error(`${proc.name} did not start:\n${proc.output.slice(-4000)}`);
    await sleep(250);
  }
}

async function stopProcess(proc: Proc | null) {
  if (!proc || proc.child.exitCode !== null) return;
  proc.child.kill('SIGTERM');
  const code = await Promise.race([proc.exited, sleep(15_000).then(() => 'timeout' as const)]);
  if (code === 'timeout') {
    proc.child.kill('SIGKILL');
    await proc.exited;
  }
}

/** VmRSS of a process in bytes (0 once it is gone). */
function rssOf(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Number(line?.split(/\s+/)[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** User + system CPU time of a process in milliseconds (clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

const secret = randomBytes(32).toString('base64url');
const platformPort = await freePort();
const studioPort = await freePort();
const platformUrl = `http://127.0.0.1:${platformPort}`;
const studioUrl = `http://127.0.0.1:${studioPort}/studio`;
const common = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, HOUSE_VENDOR_SECRET: secret };
const platformEnv: NodeJS.ProcessEnv = {
  ...common,
  HOST: '127.0.0.1',
  PORT: String(platformPort),
  LOG_LEVEL: 'warn',
  SERVE_WEB: 'false',
  SEED_DEMO: 'true',
  HOUSE_STUDIO: 'true',
  REDIS_URL: '',
  // An absolute studio URL: the platform launches games there and does not embed the studio.
  STUDIO_URL: studioUrl,
  DATABASE_URL: databases ? databaseUrl(databases.platform) : '',
};
const studioEnv: NodeJS.ProcessEnv = {
  ...common,
  LOG_LEVEL: 'warn',
  PLATFORM_URL: platformUrl,
  STUDIO_HOST: '127.0.0.1',
  STUDIO_PORT: String(studioPort),
  STUDIO_DATABASE_URL: databases ? databaseUrl(databases.studio) : '',
  STUDIO_DATA_DIR: databases ? '' : join(dataDir, 'studio'),
  DATABASE_URL: '',
  CRASH_TICK_SENT_AT: 'true',
};

let platform: Proc | null = null;
let studio: Proc | null = null;
const clients: ChildProcess[] = [];

async function cleanup() {
  for (const child of clients) if (child.exitCode === null) child.kill('SIGKILL');
  await stopProcess(studio);
  await stopProcess(platform);
  if (databases) {
    await admin(`drop database if exists ${databases.platform} with (force)`).catch(() => {});
    await admin(`drop database if exists ${databases.studio} with (force)`).catch(() => {});
  }
  rmSync(dataDir, { recursive: true, force: true });
}

try {
  if (databases) {
    await admin(`create database ${databases.platform}`);
    await admin(`create database ${databases.studio}`);
  }

  // --- 1. members with money (the platform's own services, before it serves) --------------------------
  log(`registering and funding ${bettorCount} members (${kind})…`);
  const members = await fundMembers(bettorCount);
  if (!databases) await createStudioDatabase(join(dataDir, 'studio'));

  // --- 2. platform and studio -----------------------------------------------------------------------------
  platform = startProcess('platform', 'apps/server/src/main.ts', platformEnv);
  await waitHealthy(`${platformUrl}/healthz`, platform);
  studio = startProcess(
    'studio',
    'apps/studio/src/server/main.ts',
    studioEnv,
    values.profile ? ['--cpu-prof', '--cpu-prof-dir', values.profile] : [],
  );
  await waitHealthy(`http://127.0.0.1:${studioPort}/healthz`, studio);
  const studioPid = studio.child.pid as number;
  log(`platform ${platformUrl}, studio ${studioUrl} (pid ${studioPid})`);

  let rssPeak = rssOf(studioPid);
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssOf(studioPid));
  }, 250);

  // --- 3. the bettors' studio sessions, as the site opens the game --------------------------------------
  const sessions = await openSessions(members);
  log(`${sessions.length} studio sessions open`);

  // --- 4. viewers ----------------------------------------------------------------------------------------
  const results: ClientResult[] = [];
  const connectedAll: Promise<{ connected: number; connectFailures: number }>[] = [];
  const resultsAll: Promise<void>[] = [];
  const connectStart = Date.now();
  for (let i = 0; i < clientCount; i++) {
    const child = fork(new URL('./lib/crash-clients.ts', import.meta.url).pathname, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    clients.push(child);
    connectedAll.push(
      new Promise((resolve) =>
        child.on('message', (m: { type: string }) => {
          if (m.type === 'connected') resolve(m as unknown as { connected: number; connectFailures: number });
        }),
      ),
    );
    resultsAll.push(
      new Promise((resolve) =>
        child.on('message', (m: { type: string }) => {
          if (m.type === 'result') {
            results.push(m as unknown as ClientResult);
            resolve();
          }
        }),
      ),
    );
    const share = (total: number) => Math.floor(total / clientCount) + (i < total % clientCount ? 1 : 0);
    const start: ClientStart = {
      type: 'start',
      url: studioUrl,
      guests: share(viewers - bettorCount),
      bettors: sessions.filter((_, j) => j % clientCount === i),
      parallel: Math.ceil(Number(values.parallel) / clientCount),
    };
    child.send(start);
  }
  const connected = await Promise.all(connectedAll);
  const connectSeconds = (Date.now() - connectStart) / 1000;
  log(
    `${connected.reduce((n, c) => n + c.connected, 0)} viewers connected in ${connectSeconds.toFixed(1)} s; measuring ${seconds} s…`,
  );

  // --- 5. measure ----------------------------------------------------------------------------------------
  const loadAtMeasure = loadavg().map((n) => Number(n.toFixed(2)));
  const cpuBefore = cpuMsOf(studioPid);
  const rssAtMeasure = rssOf(studioPid);
  const measureStart = Date.now();
  for (const child of clients) child.send({ type: 'measure' });
  await sleep(seconds * 1000);
  for (const child of clients) child.send({ type: 'stop' });
  await Promise.race([Promise.all(resultsAll), sleep(30_000)]);
  const measured = (Date.now() - measureStart) / 1000;
  const studioCpuMs = cpuMsOf(studioPid) - cpuBefore;
  const studioCpuPercent = Math.round((studioCpuMs / 10 / measured) * 10) / 10;
  clearInterval(sampler);
  const rssEnd = rssOf(studioPid);

  // --- 6. figures ----------------------------------------------------------------------------------------
  const bins = new Map<number, number>();
  for (const r of results) for (const [ms, n] of r.histogram) bins.set(ms, (bins.get(ms) ?? 0) + n);
  const sorted = [...bins.entries()].sort((a, b) => a[0] - b[0]);
  const timed = sorted.reduce((n, [, c]) => n + c, 0);
  const percentile = (p: number) => {
    let seen = 0;
    for (const [ms, n] of sorted) {
      seen += n;
      if (seen >= (p / 100) * timed) return ms;
    }
    return 0;
  };
  const sum = (pick: (r: ClientResult) => number) => results.reduce((n, r) => n + pick(r), 0);
  const errors: Record<string, number> = {};
  for (const r of results)
    for (const [code, n] of Object.entries(r.serverErrors)) errors[code] = (errors[code] ?? 0) + n;
  const rounds = new Set(results.flatMap((r) => r.gamesCrashed)).size;
  const messages = sum((r) => r.messages);
  const p99 = percentile(99);
  const summary = {
    bench: 'crash',
    db: kind,
    studioDatabase: databases ? 'postgres' : 'pglite (created before the studio started, as after a restart)',
    viewers,
    viewersConnected: sum((r) => r.connected),
    connectFailures: sum((r) => r.connectFailures),
    connectSeconds: Number(connectSeconds.toFixed(1)),
    bettors: bettorCount,
    clientProcesses: clientCount,
    seconds: Number(measured.toFixed(1)),
    rounds,
    ticksReceived: sum((r) => r.ticks),
    // Ticks that never arrived: skipped by the studio for a viewer far behind, or lost with a socket.
    ticksMissed: sum((r) => r.ticksMissed),
    ticksWithoutSentAt: sum((r) => r.ticksWithoutSentAt),
    messagesPerSecond: Math.round(messages / measured),
    bytesPerSecond: Math.round(sum((r) => r.bytes) / measured),
    tickDelayMs: { p50: percentile(50), p99, max: Math.max(0, ...results.map((r) => r.maxDelayMs)) },
    bets: {
      sent: sum((r) => r.betsSent),
      accepted: sum((r) => r.betsAccepted),
      cashoutsSent: sum((r) => r.cashoutsSent),
      cashedOut: sum((r) => r.cashedOut),
    },
    serverErrors: errors,
    disconnects: sum((r) => r.disconnects),
    openAtEnd: sum((r) => r.openAtEnd),
    studio: {
      rssPeakMiB: Math.round(rssPeak / 2 ** 20),
      rssAtMeasureStartMiB: Math.round(rssAtMeasure / 2 ** 20),
      rssEndMiB: Math.round(rssEnd / 2 ** 20),
      cpuPercent: studioCpuPercent,
      // CPU time per message delivered (all of the studio's work included): unlike the delays, this
      // hardly depends on what else the machine runs; a tick to N viewers costs about N times this.
      cpuMicrosPerMessage: messages ? Number(((studioCpuMs * 1000) / messages).toFixed(1)) : null,
    },
    studioSlowBroadcasts: slowBroadcasts(studio.output),
    clients: {
      cpuPercent: Math.round((sum((r) => r.clientCpuMs) / 10 / measured) * 10) / 10,
      loopDelayP99Ms: Math.max(0, ...results.map((r) => r.clientLoopDelayP99Ms)),
    },
    loadAverageAtStart: loadAtStart,
    loadAverageAtMeasure: loadAtMeasure,
    openFilesLimit: fdLimit,
    targets: {
      p99TickDelayMs: 100,
      studioRssMiB: 1024,
      met: p99 <= 100 && rssPeak <= 2 ** 30,
    },
  };
  console.log(JSON.stringify(summary));
} finally {
  await cleanup();
}

// --- helpers -------------------------------------------------------------------------------------------

/** The studio's warnings of games whose broadcasts took longer than half a tick (its JSON log). */
function slowBroadcasts(output: string) {
  const games = output
    .split('\n')
    .filter((line) => line.includes('slowestBroadcastMs'))
    .map((line) => {
      try {
        return JSON.parse(line) as { slowestBroadcastMs: number; ticksSkipped: number; dropped: number };
      } catch {
        return null;
      }
    })
    .filter((g) => g !== null);
  const last = games.at(-1);
  return {
    games: games.length,
    slowestMs: Math.max(0, ...games.map((g) => g.slowestBroadcastMs)),
    ticksSkipped: last?.ticksSkipped ?? 0,
    viewersDropped: last?.dropped ?? 0,
  };
}

type Member = { username: string; token: string };

/**
 * Registers members with the platform's own auth service and funds each from the house, in this
 * process on the platform's database before the platform process opens it (PGlite has one writer).
 */
async function fundMembers(count: number): Promise<Member[]> {
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config');
  const { runSeeders } = await import('../apps/server/src/seed/run-seeders');
  const { demoSeeders } = await import('../apps/server/src/seed/seeders');
  const { defaultMerchant } = await import('@sorte/shared');
  const app = await buildApp(loadConfig({ ...platformEnv, LOG_LEVEL: 'silent' }));
  try {
    await runSeeders(app, demoSeeders);
    const members: Member[] = [];
    let next = 0;
    // A few at a time: registration hashes the password (argon2id) on the thread pool.
    const lanes = Array.from({ length: 2 }, async () => {
      while (next < count) {
        const i = next++;
        const username = `crash${String(i).padStart(5, '0')}`;
        const password = 'crash bench 1';
        let token = '';
        for (let attempt = 0; !token; attempt++) {
          try {
            token = (
              await app.auth.registerByUsername(
                defaultMerchant,
                { username, password, confirmPassword: password },
                // One address per member: sign-ups are limited per address and hour.
                { ip: `10.98.${Math.floor(i / 250)}.${(i % 250) + 1}`, userAgent: 'bench:crash' },
              )
            ).token;
          } catch (error) {
            // Password hashing is bounded and answers SERVER_BUSY on a loaded machine: try again.
            if ((error as { code?: string }).code !== 'SERVER_BUSY' || attempt > 50) throw error;
            await sleep(200);
          }
        }
        const [member] = await app.db.query<{ id: bigint }>(
          'select id from members where merchant_code = $1 and username_key = $2',
          [defaultMerchant.merchantCode, username],
        );
        if (!member) throw new Error(`member ${username} missing after registration`);
        const { cash } = await app.ledger.openAccounts(member.id.toString(), defaultMerchant.currency);
        const key = `bench:crash:fund:${member.id}`;
        await app.ledger.transfer({
          idempotencyKey: key,
          debitAccountId: app.ledger.houseAccountFor(defaultMerchant.currency, key),
          creditAccountId: cash,
          amount: 10_000_000n,
          currency: defaultMerchant.currency,
          kind: 'adjustment',
          metadata: { reason: 'bench:crash funding' },
        });
        members.push({ username, token });
      }
    });
    await Promise.all(lanes);
    return members;
  } finally {
    await app.close();
  }
}

/**
 * Creates and migrates the studio's PGlite database before the studio process opens it. PGlite's
 * first open (initdb) leaves the process some 500 MiB larger than any later open; a studio in
 * service has been restarted since its database was made, so the benchmark measures that one.
 */
async function createStudioDatabase(dir: string) {
  const { openStudioDatabase } = await import('../apps/studio/src/server/db/client');
  const { migrateStudio } = await import('../apps/studio/src/server/db/migrate');
  const db = await openStudioDatabase({ dataDir: dir });
  try {
    await migrateStudio(db);
  } finally {
    await db.close();
  }
}

/** Launch token from the platform → studio session, for each member (a few at a time). */
async function openSessions(list: Member[]): Promise<string[]> {
  if (list.length === 0) return [];
  const wps = async (path: string, token: string) => {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${platformUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { value: Record<string, unknown> };
      if (res.status === 200) return body.value;
      // The platform sheds load (503 SERVER_BUSY) while its event loop lags: wait as it asks.
      if (res.status !== 503 || attempt >= 30)
        throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
      await sleep(Math.min(2000, 1000 * Number(res.headers.get('retry-after') ?? 1)));
    }
  };
  const page = (await wps('/wps/relay/gameList?gameType=CRASH&pageSize=50', (list[0] as Member).token))
    .content as { gameCode: string; nodeId: number }[];
  const nodeId = page.find((g) => g.gameCode === 'crash')?.nodeId;
  if (nodeId === undefined) throw new Error('the crash game is not in the platform’s game list');
  const sessions: string[] = [];
  let next = 0;
  const lanes = Array.from({ length: 8 }, async () => {
    while (next < list.length) {
      const member = list[next++] as Member;
      for (let attempt = 0; ; attempt++) {
        const launched = await wps(`/wps/game/launchGame?game=${nodeId}`, member.token);
        const token = new URL(launched.url as string).searchParams.get('token');
        const res = await fetch(`${studioUrl}/api/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token, gameCode: 'crash' }),
        });
        const body = (await res.json()) as { session?: string };
        if (res.status === 200 && body.session) {
          sessions.push(body.session);
          break;
        }
        // The platform did not answer the studio in time (a loaded machine): a new launch, later.
        if (res.status !== 503 || attempt >= 10)
          throw new Error(`studio session: ${res.status} ${JSON.stringify(body)}`);
        await sleep(1000);
      }
    }
  });
  await Promise.all(lanes);
  return sessions;
}
