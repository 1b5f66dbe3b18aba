/**
 * Seamless-wallet throughput: `npm run bench:wallet -- --db pg|pglite --players N --seconds S
 * [--rate R --clients K | --connections C] [--pool P] [--shards K] [--wins] [--warmup-seconds W]`
 * (W: the same load first for W seconds on the same connections, not counted).
 * Builds the real app (apps/server buildApp), listens on a free port, opens N players at the house
 * studio (launch token → authenticate). Then a vendor in its own worker thread (bench/lib/wallet-load.ts:
 * its own event loop and keep-alive agent, as it would be its own machine) sends signed
 * POST /vendor/SORTE/wallet/bet calls exactly as a vendor would (HMAC-SHA256 of the raw body in
 * X-Signature), each a new transaction of a player in its own round; with `--wins` every bet is
 * followed by the win that closes its round.
 * - `--rate R`: open loop, K clients (default 200) together offering R rounds/s on a fixed schedule;
 *   latency counts from each call's scheduled send time (no coordinated omission).
 * - otherwise closed loop: C clients each sending as soon as answered; the rate reached is the
 *   saturation rate.
 * Prints one JSON line (rates, latency percentiles, calls over 100 ms, errors, the server's event-loop
 * delay, CPU per round of the server's main thread, of the whole process with the vendor's thread,
 * and of the local database cluster, the load average at start) and ends with the ledger verifier. For pg it uses a throw-away
 * database on DATABASE_URL's server (default the local postgres) and drops it afterwards.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { migrate } from '../apps/server/src/db/migrate';
import { verifyLedger } from '../apps/server/src/modules/ledger/ledger-verify';
import { demoGamesSeeder } from '../apps/server/src/seed/demo-games';
import { benchDatabase, percentile } from './lib/bench-database';
import { runWalletLoad } from './lib/wallet-load';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    players: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '20' },
    /** The same load for this long first, not counted: connections opened, code compiled, as a running server has. */
    'warmup-seconds': { type: 'string', default: '0' },
    pool: { type: 'string', default: '12' },
    shards: { type: 'string', default: '32' },
    wins: { type: 'boolean', default: false },
    rate: { type: 'string' },
    clients: { type: 'string', default: '200' },
  },
});
const playerCount = Number(values.players);
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const rate = values.rate === undefined ? null : Number(values.rate);
const clients = Number(values.clients);
const kind = values.db === 'pg' ? 'pg' : 'pglite';

const round2 = (n: number) => Number(n.toFixed(2));

const FUNDING = 1_000_000_000n;
const secret = randomBytes(32).toString('base64url');
const sign = (body: string) => createHmac('sha256', secret).update(body).digest('hex');

const loadAtStart = Number((loadavg()[0] as number).toFixed(2));
const dataDir = await mkdtemp(join(tmpdir(), 'sorte-bench-wallet-'));
const { open, drop: dropDatabase } = benchDatabase(kind, { pool: Number(values.pool) });
const db = await open();
try {
  await migrate(db);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
    DATA_DIR: dataDir,
    HOUSE_SHARDS: values.shards,
    HOUSE_VENDOR_SECRET: secret,
    HOUSE_STUDIO: 'true',
  });
  const app = await buildApp(config, { db });
  try {
    await app.ready();
    await demoGamesSeeder.run(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    // Setup only (authenticate of every player); the load itself comes from its own worker thread.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const { port } = app.server.address() as AddressInfo;
    const post = (action: string, payload: object) =>
      new Promise<{ status: number; answer: { status: string; playerId?: string } }>((resolve, reject) => {
        const body = JSON.stringify(payload);
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
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
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                answer: JSON.parse(Buffer.concat(chunks).toString()),
              }),
            );
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.end(body);
      });

    /**
     * CPU seconds (Linux /proc): this process's main thread (the server), the whole process (the
     * server, the vendor's worker thread, GC and libuv helpers), and for pg the whole local database
     * cluster: the postmaster with the backends it has reaped (a pool closes idle connections mid-run,
     * and their work must still count) and its live children, WAL writer and checkpointer included.
     */
    const ticks = async (path: string, fields: number[]) => {
      const all = (await readFile(path, 'utf8')).split(') ')[1]?.split(' ') ?? [];
      // Field n of proc(5) is all[n - 3] here (pid and comm are cut off).
      return fields.reduce((sum, n) => sum + Number(all[n - 3]), 0) / 100;
    };
    const postmaster =
      kind === 'pg'
        ? await (async () => {
            const [row] = await db.query<{ pid: number }>('select pg_backend_pid() as pid');
            const stat = await readFile(`/proc/${(row as { pid: number }).pid}/stat`, 'utf8').catch(() => '');
            return Number(stat.split(') ')[1]?.split(' ')[1]) || null;
          })()
        : null;
    const clusterCpuSeconds = async (pid: number) => {
      let total = await ticks(`/proc/${pid}/stat`, [14, 15, 16, 17]);
      for (const entry of await readdir('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
        const fields = stat.split(') ')[1]?.split(' ') ?? [];
        if (Number(fields[1]) === pid) total += (Number(fields[11]) + Number(fields[12])) / 100;
      }
      return total;
    };
    const serverCpuSeconds = async () => {
      try {
        const main = await ticks(`/proc/self/task/${process.pid}/stat`, [14, 15]);
        const whole = await ticks('/proc/self/stat', [14, 15]);
        const database = postmaster ? await clusterCpuSeconds(postmaster) : 0;
        return { main, whole, database };
      } catch {
        return null;
      }
    };

    /**
     * PostgreSQL only: the write-ahead log written so far and the checkpoints started (the whole
     * cluster's: other databases' work counts too). A checkpoint during the run flushes the data files
     * and makes the next change of every page log a whole page: a stall to look for in the timeline.
     */
    const walAndCheckpoints = async () => {
      if (kind !== 'pg') return null;
      const [row] = await db.query<{ lsn: string; checkpoints: bigint }>(
        `select pg_current_wal_lsn() - '0/0'::pg_lsn as lsn,
                (select checkpoints_timed + checkpoints_req from pg_stat_bgwriter) as checkpoints`,
      );
      return row ? { walBytes: Number(row.lsn), checkpoints: Number(row.checkpoints) } : null;
    };

    // Players: members funded from the house, each launched into crash and authenticated.
    const [crash] = await db.query<{ node_id: number }>(
      "select node_id from games where game_code = 'crash'",
    );
    const run = randomBytes(2).toString('hex');
    const players: string[] = [];
    for (let i = 0; i < playerCount; i++) {
      const [member] = await db.query<{ id: bigint }>(
        `insert into members (merchant_code, username, username_key, password_hash)
         values ('BR', $1, $1, 'not-a-login') returning id`,
        [`w${run}${i}`],
      );
      const memberId = (member as { id: bigint }).id;
      const accounts = await app.ledger.openAccounts(memberId.toString(), 'BRL');
      const key = `bench:fund:${run}:${i}`;
      await app.ledger.transfer({
        idempotencyKey: key,
        debitAccountId: app.ledger.houseAccountFor('BRL', key),
        creditAccountId: accounts.cash,
        amount: FUNDING,
        currency: 'BRL',
        kind: 'deposit',
      });
      const token = await app.seamlessWallet.createLaunchToken('SORTE', {
        member: {
          id: memberId.toString(),
          username: `w${run}${i}`,
          merchantCode: 'BR',
          currency: 'BRL',
          isTrial: false,
        },
        game: {
          nodeId: (crash as { node_id: number }).node_id,
          vassalage: 'SORTE',
          gameType: 'CRASH',
          gameCode: 'crash',
          gameName: 'Crash',
        },
        language: 'EN',
        returnUrl: '/',
      });
      let { status, answer } = await post('authenticate', { token });
      // Setup on a busy machine may meet the load shedding (503 + Retry-After): wait and ask again.
      for (let tries = 0; status === 503 && tries < 10; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        ({ status, answer } = await post('authenticate', { token }));
      }
      if (answer.status !== 'OK' || !answer.playerId)
        throw new Error(`authenticate: ${JSON.stringify(answer)}`);
      players.push(answer.playerId);
    }

    // The vendor: its own worker thread (event loop, HTTP agent), as it would be its own machine.
    // Sampled every 10 ms (a finer timer would itself load the server); each sample counts the
    // 10 ms period in, which is taken off below to give the lag. The CPU, WAL and delay counted are
    // those of the counted part only, after the warm-up (the same worker, on the same connections).
    const delay = monitorEventLoopDelay({ resolution: 10 });
    const { result: load, atStart } = await runWalletLoad(
      {
        port,
        secret,
        players,
        run,
        rate,
        clients: rate === null ? connections : clients,
        seconds,
        warmupSeconds: Number(values['warmup-seconds']),
        wins: values.wins,
      },
      async () => {
        const counters = { wal: await walAndCheckpoints(), cpu: await serverCpuSeconds() };
        delay.enable();
        return counters;
      },
    );
    delay.disable();
    const { wal: walBefore, cpu: cpuBefore } = atStart;
    const cpuAfter = await serverCpuSeconds();
    const walAfter = await walAndCheckpoints();
    agent.destroy();

    const sorted = load.latencies.sort();
    const verdict = await verifyLedger(db);
    const calls = sorted.length;
    const okCalls = Object.entries(load.statuses)
      .filter(([label]) => label.endsWith(' OK'))
      .reduce((sum, [, n]) => sum + n, 0);
    const firstOver100Ms = sorted.findIndex((ms) => ms > 100);
    console.log(
      JSON.stringify({
        mode: rate === null ? 'closed' : 'open',
        warmupSeconds: Number(values['warmup-seconds']),
        db: kind,
        players: playerCount,
        clients: rate === null ? connections : clients,
        offeredRoundsPerSecond: rate ?? undefined,
        pool: kind === 'pg' ? Number(values.pool) : undefined,
        clearingShards: Number(values.shards),
        withWins: values.wins,
        seconds: round2(load.seconds),
        rounds: load.rounds,
        roundsPerSecond: Math.round(load.rounds / load.seconds),
        calls,
        callsPerSecond: Math.round(calls / load.seconds),
        latencyFrom: rate === null ? 'send' : 'scheduled send',
        p50Ms: round2(percentile(sorted, 50)),
        p90Ms: round2(percentile(sorted, 90)),
        p99Ms: round2(percentile(sorted, 99)),
        p999Ms: round2(percentile(sorted, 99.9)),
        maxMs: round2(sorted[calls - 1] ?? 0),
        callsOver100Ms: firstOver100Ms === -1 ? 0 : calls - firstOver100Ms,
        lateRoundStarts: rate === null ? undefined : load.lateStarts,
        roundsNotStarted: rate === null ? undefined : load.notStarted,
        errors: load.httpErrors + (calls - okCalls) + load.notStarted,
        httpErrors: load.httpErrors,
        statuses: load.statuses,
        // CPU spent per round (Linux /proc): the server's main thread, the whole process (server and
        // the vendor's load), and the local database cluster (all its processes; other databases'
        // work on the same cluster counts too). Unlike the rates, these hardly move with what else
        // runs on the machine.
        serverCpuMsPerRound:
          cpuAfter && cpuBefore && round2((1000 * (cpuAfter.main - cpuBefore.main)) / load.rounds),
        processCpuMsPerRound:
          cpuAfter && cpuBefore && round2((1000 * (cpuAfter.whole - cpuBefore.whole)) / load.rounds),
        databaseCpuMsPerRound:
          cpuAfter && cpuBefore && round2((1000 * (cpuAfter.database - cpuBefore.database)) / load.rounds),
        // PostgreSQL: WAL written per round and checkpoints started during the run (cluster-wide).
        walBytesPerRound:
          walAfter && walBefore
            ? Math.round((walAfter.walBytes - walBefore.walBytes) / load.rounds)
            : undefined,
        checkpointsDuringRun:
          walAfter && walBefore ? walAfter.checkpoints - walBefore.checkpoints : undefined,
        // Seconds of the run (by scheduled send time) with a call over 100 ms: [second, calls over
        // 100 ms, slowest ms]. Clustered: a stall; spread out: not enough capacity.
        slowSeconds: load.bySecond.flatMap((b, second) =>
          b.over100Ms > 0 ? [[second, b.over100Ms, b.maxMs]] : [],
        ),
        serverEventLoopDelayP99Ms: round2(Math.max(0, delay.percentile(99) / 1e6 - 10)),
        serverEventLoopDelayMaxMs: round2(Math.max(0, delay.max / 1e6 - 10)),
        // How the money calls reached the database: alone, in batches (and their calls), at most how
        // many batches at once.
        moneyCalls: app.seamlessWallet.moneyCallStats(),
        loadAverageAtStart: loadAtStart,
        ledgerVerified: verdict.ok,
        ledgerBreaches: verdict.breaches,
      }),
    );
    if (!verdict.ok || load.httpErrors > 0 || okCalls < calls || load.notStarted > 0) process.exitCode = 1;
  } finally {
    await app.close();
  }
} finally {
  await db.close();
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
}
