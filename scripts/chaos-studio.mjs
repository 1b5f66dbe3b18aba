// `npm run chaos:studio [-- --players 40 --seconds 20 --kills 2 --after 10]`
//
// Runs the real processes — the platform (apps/server/src/main.ts, embedded PGlite under a
// temporary DATA_DIR, or PostgreSQL when DATABASE_URL is set) and the studio on its own
// (apps/studio/src/server/main.ts, its own database) — drives load from many players (registered and
// funded, then launch → studio session → dice bets over HTTP and crash bets over WebSocket, auto and
// manual cash-outs), kills the studio with SIGKILL in the middle of a crash game with bets and while
// dice bets are in flight, restarts it, and repeats. Then it stops the load, lets the last game end,
// stops both processes and checks:
//   - every studio round is closed (settled, refunded or rejected) and no wallet call is pending;
//   - every platform round of the studio is closed or cancelled, and agrees with the studio's round
//     (settled ⇔ closed with the same stake and payout; refunded/rejected ⇔ cancelled or absent);
//   - `npm run ledger:verify` passes on the platform's database.
// Prints a summary (and one JSON line) and exits non-zero when a check fails.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { root, say } from './lib/steps.mjs';

const { values: args } = parseArgs({
  options: {
    players: { type: 'string', default: '40' },
    seconds: { type: 'string', default: '20' },
    kills: { type: 'string', default: '2' },
    after: { type: 'string', default: '10' },
    'keep-data': { type: 'boolean', default: false },
  },
});
const PLAYERS = Number(args.players);
const LOAD_SECONDS = Number(args.seconds);
const KILLS = Number(args.kills);
const AFTER_SECONDS = Number(args.after);
const POOR_PLAYERS = Math.min(1, PLAYERS); // funded with 5.00 only: most of their bets are refused
const usePostgres = Boolean(process.env.DATABASE_URL);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const started = Date.now();
const elapsed = () => ((Date.now() - started) / 1000).toFixed(1);
const log = (message) => say(`[${elapsed()} s] ${message}`);

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// --- databases ---------------------------------------------------------------------------------------

const dataDir = mkdtempSync(join(tmpdir(), 'sorte-chaos-studio-'));
const suffix = randomBytes(4).toString('hex');
const databases = usePostgres
  ? { platform: `sorte_chaos_${suffix}`, studio: `sorte_chaos_${suffix}_studio` }
  : null;
const withDatabase = (url, name) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function adminQuery(sql) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Opens a finished run's database read-only-ish (queries only): PGlite directory or PostgreSQL. */
async function openDb(which) {
  if (databases) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({
      connectionString: withDatabase(process.env.DATABASE_URL, databases[which]),
    });
    await client.connect();
    return {
      query: async (sql, params) => (await client.query(sql, params)).rows,
      close: () => client.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: join(dataDir, which === 'platform' ? 'pglite' : 'studio') });
  return { query: async (sql, params) => (await db.query(sql, params)).rows, close: () => db.close() };
}

// --- processes -----------------------------------------------------------------------------------------

const secret = randomBytes(32).toString('base64url');
const platformPort = await freePort();
const studioPort = await freePort();
const platformUrl = `http://127.0.0.1:${platformPort}`;
const studioUrl = `http://127.0.0.1:${studioPort}/studio`;

const commonEnv = {
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  HOUSE_VENDOR_SECRET: secret,
  REDIS_URL: '',
};
const platformEnv = {
  ...commonEnv,
  HOST: '127.0.0.1',
  PORT: String(platformPort),
  LOG_LEVEL: 'warn',
  SERVE_WEB: 'false',
  SEED_DEMO: 'true',
  HOUSE_STUDIO: 'true',
  // An absolute studio URL: the platform launches games there and does not embed the studio.
  STUDIO_URL: studioUrl,
  DATABASE_URL: databases ? withDatabase(process.env.DATABASE_URL, databases.platform) : '',
};
const studioEnv = {
  ...commonEnv,
  LOG_LEVEL: 'warn',
  PLATFORM_URL: platformUrl,
  STUDIO_HOST: '127.0.0.1',
  STUDIO_PORT: String(studioPort),
  STUDIO_DATABASE_URL: databases ? withDatabase(process.env.DATABASE_URL, databases.studio) : '',
  DATABASE_URL: '',
  CRASH_BETTING_MS: '2500',
  CRASH_COOLDOWN_MS: '1000',
  STUDIO_MAX_BET: '100000',
};

function startProcess(name, entry, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = { name, child, output: '', exited: null, recoveries: [] };
  proc.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const onData = (chunk) => {
    const text = chunk.toString();
    proc.output += text;
    if (proc.output.length > 2_000_000) proc.output = proc.output.slice(-1_000_000);
    for (const line of text.split('\n')) {
      if (!line.includes('studio recovery')) continue;
      try {
        const entry = JSON.parse(line);
        proc.recoveries.push({ crash: entry.crash, rounds: entry.rounds });
      } catch {}
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return proc;
}

async function waitHealthy(url, proc, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {}
    const exited = await Promise.race([proc.exited, sleep(250).then(() => null)]);
    if (exited)
      throw new Error(`${proc.name} exited (${JSON.stringify(exited)}):\n${proc.output.slice(-4000)}`);
    if (Date.now() > deadline)
      throw new Error(`${proc.name} did not become healthy:\n${proc.output.slice(-4000)}`);
  }
}

async function stopProcess(proc, signal = 'SIGTERM') {
  proc.child.kill(signal);
  return proc.exited;
}

// --- 1. databases, players and their money -------------------------------------------------------------

if (databases) {
  await adminQuery(`create database ${databases.platform}`);
  await adminQuery(`create database ${databases.studio}`);
}
log(
  `data ${dataDir}; platform database: ${databases ? `PostgreSQL ${databases.platform}` : 'PGlite'}; studio database: ${databases ? `PostgreSQL ${databases.studio}` : 'PGlite'}`,
);
log(`registering and funding ${PLAYERS} players (in-process platform, before it serves)…`);
const fundCode = `
const { buildApp } = await import(${JSON.stringify(join(root, 'apps/server/src/app.ts'))});
const { loadConfig } = await import(${JSON.stringify(join(root, 'apps/server/src/config.ts'))});
const { runSeeders } = await import(${JSON.stringify(join(root, 'apps/server/src/seed/run-seeders.ts'))});
const { demoSeeders } = await import(${JSON.stringify(join(root, 'apps/server/src/seed/seeders.ts'))});
// Seeding stalls this process's own loop: no load to shed.
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SERVE_WEB: 'false',
  LOAD_MAX_EVENT_LOOP_DELAY_MS: '0', LOAD_MAX_EVENT_LOOP_UTILIZATION: '0' });
const app = await buildApp(config);
await runSeeders(app, demoSeeders);
const players = [];
for (let i = 0; i < ${PLAYERS}; i++) {
  const username = 'chaos' + String(i).padStart(4, '0');
  const res = await app.inject({
    method: 'PUT', url: '/wps/member/register',
    payload: { username, password: 'chaos horse 1', confirmPassword: 'chaos horse 1' },
    remoteAddress: '10.99.' + Math.floor(i / 250) + '.' + ((i % 250) + 1),
  });
  if (res.statusCode !== 200) throw new Error('register ' + username + ': ' + res.body);
  const token = res.json().value.token;
  const info = await app.inject({ url: '/wps/member/info', headers: { authorization: 'Bearer ' + token } });
  const memberId = String(info.json().value.id);
  const accounts = await app.ledger.openAccounts(memberId, 'BRL');
  const amount = i < ${POOR_PLAYERS} ? 500n : 10000000n;
  const key = 'chaos:fund:' + memberId;
  await app.ledger.transfer({ idempotencyKey: key, debitAccountId: app.ledger.houseAccountFor('BRL', key),
    creditAccountId: accounts.cash, amount, currency: 'BRL', kind: 'adjustment', metadata: { reason: 'chaos funding' } });
  players.push({ username, token, memberId, funded: Number(amount) });
}
await app.close();
console.log('CHAOS_PLAYERS ' + JSON.stringify(players));
`;
// A file rather than `-e`: Node 20.20 refuses `--input-type` once tsx's loader is imported.
const fundFile = join(dataDir, 'fund-players.mts');
writeFileSync(fundFile, fundCode);
const funding = spawnSync(process.execPath, ['--import', 'tsx', fundFile], {
  cwd: root,
  env: platformEnv,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
const fundedLine = funding.stdout?.split('\n').find((l) => l.startsWith('CHAOS_PLAYERS '));
if (funding.status !== 0 || !fundedLine) {
  console.error(funding.stdout, funding.stderr);
  throw new Error('funding players failed');
}
const players = JSON.parse(fundedLine.slice('CHAOS_PLAYERS '.length));

// --- 2. the processes ----------------------------------------------------------------------------------

log(`starting the platform on ${platformUrl} and the studio on ${studioUrl}…`);
const platform = startProcess('platform', 'apps/server/src/main.ts', platformEnv);
await waitHealthy(`${platformUrl}/healthz`, platform);
let studio = startProcess('studio', 'apps/studio/src/server/main.ts', studioEnv);
await waitHealthy(`http://127.0.0.1:${studioPort}/healthz`, studio);
const studioRuns = [studio];
let studioUp = true;

async function platformCall(path, token) {
  let res = await fetch(`${platformUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  // A busy platform sheds with 503 + Retry-After: a polite client waits as told and tries again.
  for (let tries = 0; res.status === 503 && tries < 10; tries++) {
    await new Promise((done) => setTimeout(done, 1000 * Number(res.headers.get('retry-after') ?? 1)));
    res = await fetch(`${platformUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  }
  const body = await res.json();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body.value;
}

const nodeIds = new Map();
for (const gameType of ['BONUS', 'CRASH']) {
  const page = await platformCall(`/wps/relay/gameList?gameType=${gameType}&pageSize=50`, players[0].token);
  for (const game of page.content) nodeIds.set(game.gameCode, game.nodeId);
}

async function studioSession(player, gameCode) {
  const launched = await platformCall(`/wps/game/launchGame?game=${nodeIds.get(gameCode)}`, player.token);
  const url = new URL(launched.url);
  const res = await fetch(`${studioUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: url.searchParams.get('token'), gameCode }),
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`session: ${res.status} ${JSON.stringify(body)}`);
  return body.session;
}

log('opening studio sessions (launch → authenticate) for every player…');
for (const player of players) {
  player.diceSession = await studioSession(player, 'dice');
  player.crashSession = await studioSession(player, 'crash');
}

// --- 3. load -------------------------------------------------------------------------------------------

const counts = {
  dice: { sent: 0, ok: 0, refused: 0, unconfirmed: 0, otherErrors: 0, connectionErrors: 0 },
  crash: { betsSent: 0, accepted: 0, refused: 0, cashedOut: 0, tooLate: 0, errors: {}, gamesSeen: new Set() },
};
let stopping = false;
let diceInFlight = 0;

async function diceLoop(player) {
  while (!stopping) {
    if (!studioUp) {
      await sleep(100);
      continue;
    }
    const direction = Math.random() < 0.5 ? 'over' : 'under';
    const target = direction === 'over' ? 1000 + randomInt(8000) : 2000 + randomInt(7800);
    diceInFlight++;
    counts.dice.sent++;
    try {
      const res = await fetch(`${studioUrl}/api/dice/bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-studio-session': player.diceSession },
        body: JSON.stringify({
          amount: 100 + randomInt(1900),
          direction,
          target,
          requestId: randomBytes(9).toString('base64url'),
        }),
        signal: AbortSignal.timeout(20_000),
      });
      const body = await res.json();
      if (res.status === 200) counts.dice.ok++;
      else if (body.error?.code === 'BET_NOT_CONFIRMED') counts.dice.unconfirmed++;
      else if (res.status === 402 || body.error?.code === 'BET_REFUSED') {
        counts.dice.refused++;
        await sleep(500);
      } else counts.dice.otherErrors++;
    } catch {
      counts.dice.connectionErrors++;
      await sleep(100);
    } finally {
      diceInFlight--;
    }
    await sleep(randomInt(40));
  }
}

/** The crash game as one spectator sees it, to time the kills. */
const watch = { phase: 'unknown', gameId: null, bets: 0, startedAt: 0 };
const crashClients = [];

function crashClient(player, isSpectator = false) {
  const state = { socket: null, closed: false, manualGame: null };
  const connect = () => {
    if (state.closed) return;
    const socket = new WebSocket(`${studioUrl.replace(/^http/, 'ws')}/crash/ws`);
    state.socket = socket;
    socket.on('open', () =>
      socket.send(
        JSON.stringify(isSpectator ? { type: 'watch' } : { type: 'auth', session: player.crashSession }),
      ),
    );
    socket.on('message', (data) => {
      const m = JSON.parse(data.toString());
      if (isSpectator) {
        if (m.type === 'snapshot')
          Object.assign(watch, { phase: m.phase, gameId: m.gameId, bets: m.players.length });
        if (m.type === 'betting') Object.assign(watch, { phase: 'betting', gameId: m.gameId, bets: 0 });
        if (m.type === 'bet_placed') watch.bets++;
        if (m.type === 'started') Object.assign(watch, { phase: 'running', startedAt: Date.now() });
        if (m.type === 'crashed') {
          watch.phase = 'crashed';
          counts.crash.gamesSeen.add(m.gameId);
        }
        return;
      }
      const isBetting =
        m.type === 'betting' || (m.type === 'snapshot' && m.phase === 'betting' && m.bettingEndsInMs > 500);
      if (isBetting && !stopping && Math.random() < 0.85) {
        const manual = Math.random() < 0.4;
        counts.crash.betsSent++;
        socket.send(
          JSON.stringify({
            type: 'bet',
            amount: 100 + randomInt(4900),
            ...(manual ? {} : { autoCashout: 101 + randomInt(300) }),
            requestId: randomBytes(9).toString('base64url'),
          }),
        );
        state.manualGame = manual ? m.gameId : null;
      } else if (m.type === 'bet_accepted') counts.crash.accepted++;
      else if (m.type === 'started' && state.manualGame === m.gameId) {
        setTimeout(() => {
          if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'cashout' }));
        }, 200 + randomInt(4000));
      } else if (m.type === 'cashed_out') counts.crash.cashedOut++;
      else if (m.type === 'error') {
        if (m.code === 'TOO_LATE') counts.crash.tooLate++;
        else if (['INSUFFICIENT_FUNDS', 'BET_REFUSED'].includes(m.code)) counts.crash.refused++;
        else counts.crash.errors[m.code] = (counts.crash.errors[m.code] ?? 0) + 1;
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (!state.closed) setTimeout(connect, 300);
    });
  };
  connect();
  state.close = () => {
    state.closed = true;
    state.socket?.close();
  };
  crashClients.push(state);
  return state;
}

log(`load: ${PLAYERS} players, dice over HTTP and crash over WebSocket…`);
crashClient(null, true);
for (const player of players) crashClient(player);
const diceLoops = players.map((p) => diceLoop(p));

const kills = [];
for (let k = 0; k < KILLS; k++) {
  await sleep((k === 0 ? LOAD_SECONDS : AFTER_SECONDS) * 1000);
  // Mid-round: a crash game running with bets in it (at least 300 ms into the curve) and dice bets in flight.
  const deadline = Date.now() + 60_000;
  while (
    !(watch.phase === 'running' && watch.bets > 0 && Date.now() - watch.startedAt > 300 && diceInFlight > 0)
  ) {
    if (Date.now() > deadline) throw new Error('no running crash game with bets to kill the studio in');
    await sleep(20);
  }
  const kill = {
    crashGameId: watch.gameId,
    crashBetsInGame: watch.bets,
    msIntoGame: Date.now() - watch.startedAt,
    diceInFlight,
  };
  studioUp = false;
  await stopProcess(studio, 'SIGKILL');
  log(
    `SIGKILL studio (pid ${studio.child.pid}) in crash game ${kill.crashGameId} (${kill.crashBetsInGame} bets, ${kill.msIntoGame} ms in) with ${kill.diceInFlight} dice bets in flight`,
  );
  await sleep(1000);
  studio = startProcess('studio', 'apps/studio/src/server/main.ts', studioEnv);
  studioRuns.push(studio);
  const restartAt = Date.now();
  await waitHealthy(`http://127.0.0.1:${studioPort}/healthz`, studio);
  studioUp = true;
  kill.restartMs = Date.now() - restartAt;
  // Recovery runs once the studio listens: wait for its log line.
  const recoveryDeadline = Date.now() + 30_000;
  while (studio.recoveries.length === 0 && Date.now() < recoveryDeadline) await sleep(50);
  kill.recovery = studio.recoveries[0] ?? null;
  log(`studio restarted in ${kill.restartMs} ms; recovery: ${JSON.stringify(kill.recovery)}`);
  kills.push(kill);
}
await sleep(AFTER_SECONDS * 1000);

// --- 4. drain, stop, check -------------------------------------------------------------------------

log('stopping the load; waiting for the last crash game to end…');
stopping = true;
await Promise.all(diceLoops);
const lastGame = watch.gameId;
const drainDeadline = Date.now() + 120_000;
while (
  !(watch.phase === 'crashed' || (watch.gameId !== lastGame && watch.bets === 0)) &&
  Date.now() < drainDeadline
)
  await sleep(100);
await sleep(3000);
for (const c of crashClients) c.close();

log('stopping the studio (SIGTERM), then the platform…');
const studioExit = await stopProcess(studio);
const platformExit = await stopProcess(platform);

const studioDb = await openDb('studio');
const studioRounds = await studioDb.query('select id, game_code, state, stake, payout from rounds');
const [pendingCalls] = await studioDb.query(
  "select count(*)::int as n from wallet_calls where state = 'pending' and action <> 'bet'",
);
const crashGames = await studioDb.query('select state, count(*)::int as n from crash_games group by state');
await studioDb.close();

const platformDb = await openDb('platform');
// The chaos players' rounds only: the demo seeders give other members months of closed rounds.
const platformRounds = await platformDb.query(
  "select round_id, status, stake, payout from vendor_rounds where vendor_code = 'SORTE' and member_id = any($1::bigint[])",
  [players.map((p) => p.memberId)],
);
await platformDb.close();

const verify = spawnSync('npm', ['run', 'ledger:verify'], {
  cwd: root,
  env: { ...platformEnv, LOG_LEVEL: 'silent' },
  encoding: 'utf8',
});
const verifyLine = `${verify.stdout}\n${verify.stderr}`
  .split('\n')
  .find((l) => /ledger (ok|broken|fail)/i.test(l))
  ?.trim();

const byState = {};
for (const r of studioRounds) byState[r.state] = (byState[r.state] ?? 0) + 1;
const byGame = {};
for (const r of studioRounds) byGame[r.game_code] = (byGame[r.game_code] ?? 0) + 1;
const platformByStatus = {};
for (const r of platformRounds) platformByStatus[r.status] = (platformByStatus[r.status] ?? 0) + 1;
const platformById = new Map(platformRounds.map((r) => [r.round_id, r]));
const mismatches = [];
for (const r of studioRounds) {
  const p = platformById.get(r.id);
  const ok =
    r.state === 'settled'
      ? p &&
        p.status === 'closed' &&
        BigInt(p.stake) === BigInt(r.stake) &&
        BigInt(p.payout) === BigInt(r.payout)
      : r.state === 'refunded' || r.state === 'rejected'
        ? !p || (p.status === 'cancelled' && BigInt(p.stake) === 0n)
        : false;
  if (!ok) mismatches.push({ studio: r, platform: p ?? null });
}
const studioIds = new Set(studioRounds.map((r) => r.id));
const platformOnly = platformRounds.filter((r) => !studioIds.has(r.round_id));

const openStudio = (byState.open ?? 0) + (byState.bet_acknowledged ?? 0);
const checks = {
  everyStudioRoundClosed: openStudio === 0 && Number(pendingCalls?.n ?? 0) === 0,
  everyPlatformRoundClosed: (platformByStatus.open ?? 0) === 0,
  studioAndPlatformAgree: mismatches.length === 0 && platformOnly.length === 0,
  ledgerVerified: verify.status === 0,
  cleanShutdown: studioExit.code === 0 && platformExit.code === 0,
};
const summary = {
  chaos: 'studio',
  database: databases ? 'postgres' : 'pglite',
  players: PLAYERS,
  seconds: Number(elapsed()),
  kills,
  load: {
    dice: counts.dice,
    crash: { ...counts.crash, gamesSeen: counts.crash.gamesSeen.size },
  },
  studioRounds: { total: studioRounds.length, byState, byGame },
  crashGames: Object.fromEntries(crashGames.map((g) => [g.state, g.n])),
  platformRounds: { total: platformRounds.length, byStatus: platformByStatus },
  mismatches: mismatches.slice(0, 5),
  ledgerVerify: verifyLine ?? `exit ${verify.status}`,
  checks,
  ok: Object.values(checks).every(Boolean),
};

console.log('');
console.log(
  `studio rounds: ${studioRounds.length} ${JSON.stringify(byState)} by game ${JSON.stringify(byGame)}`,
);
console.log(`platform rounds (vendor SORTE): ${platformRounds.length} ${JSON.stringify(platformByStatus)}`);
console.log(`crash games: ${JSON.stringify(summary.crashGames)}`);
console.log(
  `studio ⇔ platform mismatches: ${mismatches.length}, platform-only rounds: ${platformOnly.length}`,
);
console.log(`npm run ledger:verify: ${summary.ledgerVerify}`);
for (const [name, passed] of Object.entries(checks)) console.log(`${passed ? '✓' : '✗'} ${name}`);
console.log(JSON.stringify(summary));

if (databases) {
  await adminQuery(`drop database if exists ${databases.platform} with (force)`).catch(() => {});
  await adminQuery(`drop database if exists ${databases.studio} with (force)`).catch(() => {});
}
if (!args['keep-data']) rmSync(dataDir, { recursive: true, force: true });
else log(`data kept in ${dataDir}`);
process.exit(summary.ok ? 0 : 1);
