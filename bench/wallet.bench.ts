/**
 * Seamless-wallet throughput: `npm run bench:wallet -- --db pg|pglite --players N --connections C
 * --seconds S [--pool P] [--shards K] [--wins]`.
 * Builds the real app (apps/server buildApp), listens on a free port, opens N players at the house
 * studio (launch token → authenticate), then C concurrent clients send signed
 * POST /vendor/SORTE/wallet/bet calls exactly as a vendor would (HMAC-SHA256 of the raw body in
 * X-Signature), each a new transaction of a random player in its own round; with `--wins` every bet
 * is followed by the win that closes its round. Ends with the ledger verifier. Prints one JSON line.
 * For pg it uses a throw-away database on DATABASE_URL's server (default the local postgres) and
 * drops it afterwards.
 */
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { migrate } from '../apps/server/src/db/migrate';
import { verifyLedger } from '../apps/server/src/modules/wallet/ledger-verify';
import { demoGamesSeeder } from '../apps/server/src/seed/demo-games';
import { benchDatabase, percentile } from './lib/bench-database';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    players: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '20' },
    pool: { type: 'string', default: '12' },
    shards: { type: 'string', default: '32' },
    wins: { type: 'boolean', default: false },
  },
});
const playerCount = Number(values.players);
const connections = Number(values.connections);
const seconds = Number(values.seconds);
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
    // A keep-alive agent as a vendor's client would use (fetch costs this process noticeably more).
    const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
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
      const accounts = await app.ledger.ensureMemberAccounts(memberId.toString(), 'BRL');
      const key = `bench:fund:${run}:${i}`;
      await app.ledger.transfer({
        idempotencyKey: key,
        debitAccountId: app.ledger.houseAccountFor('BRL', key),
        creditAccountId: accounts.cash,
        amount: FUNDING,
        currency: 'BRL',
        kind: 'deposit',
      });
      const token = await app.vendorWallet.createLaunchToken('SORTE', {
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
      const { answer } = await post('authenticate', { token });
      if (answer.status !== 'OK' || !answer.playerId)
        throw new Error(`authenticate: ${JSON.stringify(answer)}`);
      players.push(answer.playerId);
    }

    const statuses: Record<string, number> = {};
    const latencies: number[] = [];
    let sequence = 0;
    let httpErrors = 0;
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    const timed = async (action: string, payload: object) => {
      const t0 = performance.now();
      const { status, answer } = await post(action, payload);
      latencies.push(performance.now() - t0);
      if (status !== 200) httpErrors++;
      const label = `${action} ${answer.status}`;
      statuses[label] = (statuses[label] ?? 0) + 1;
    };
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < deadline) {
          const n = sequence++;
          const playerId = players[randomInt(players.length)] as string;
          const roundId = `${run}-r${n}`;
          const common = { playerId, roundId, gameCode: 'crash', currency: 'BRL' };
          await timed('bet', { ...common, transactionId: `${run}-b${n}`, amount: 1 + randomInt(10_000) });
          if (values.wins) {
            await timed('win', {
              ...common,
              transactionId: `${run}-w${n}`,
              amount: randomInt(3) ? 0 : randomInt(20_000),
              roundEnded: true,
            });
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;

    const sorted = Float64Array.from(latencies).sort();
    const verdict = await verifyLedger(db);
    const calls = latencies.length;
    const bets = Object.entries(statuses)
      .filter(([label]) => label === 'bet OK')
      .reduce((sum, [, n]) => sum + n, 0);
    console.log(
      JSON.stringify({
        db: kind,
        players: playerCount,
        connections,
        pool: kind === 'pg' ? Number(values.pool) : undefined,
        clearingShards: Number(values.shards),
        withWins: values.wins,
        seconds: round2(elapsed),
        calls,
        callsPerSecond: Math.round(calls / elapsed),
        betsPerSecond: Math.round(bets / elapsed),
        p50Ms: round2(percentile(sorted, 50)),
        p99Ms: round2(percentile(sorted, 99)),
        p999Ms: round2(percentile(sorted, 99.9)),
        statuses,
        httpErrors,
        ledgerVerified: verdict.ok,
        ledgerBreaches: verdict.breaches,
        loadAverageAtStart: loadAtStart,
      }),
    );
    if (!verdict.ok || httpErrors > 0) process.exitCode = 1;
    agent.destroy();
  } finally {
    await app.close();
  }
} finally {
  await db.close();
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
}
