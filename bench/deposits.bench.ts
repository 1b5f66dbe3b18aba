/**
 * Deposits credited per second through signed webhooks:
 * `npm run bench:deposits -- --db pg|pglite --orders N --members M --connections C [--pool P] [--shards K]`.
 * Builds the real app (apps/server buildApp), listens on a free port, creates N pending PIX deposit
 * orders through the payments service (each with its sandbox booking and BR Code), then C concurrent
 * clients POST the sandbox's signed `payment.paid` webhooks (HMAC-SHA256 of the raw body in
 * X-Sandbox-Signature) to /payments/webhook/sandbox over HTTP, exactly as the provider would. Ends
 * with the ledger verifier and checks that every order was credited exactly once. Prints one JSON
 * line. For pg it uses a throw-away database on DATABASE_URL's server (default the local postgres)
 * and drops it afterwards.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { migrate } from '../apps/server/src/db/migrate';
import type { SessionMember } from '../apps/server/src/modules/auth/auth.service';
import { verifyLedger } from '../apps/server/src/modules/ledger/ledger-verify';
import { benchDatabase, percentile } from './lib/bench-database';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    orders: { type: 'string', default: '10000' },
    members: { type: 'string', default: '500' },
    connections: { type: 'string', default: '32' },
    pool: { type: 'string', default: '12' },
    shards: { type: 'string', default: '32' },
  },
});
const orderCount = Number(values.orders);
const memberCount = Number(values.members);
const connections = Number(values.connections);
const kind = values.db === 'pg' ? 'pg' : 'pglite';

const round2 = (n: number) => Number(n.toFixed(2));

/** Runs `task` over `items` with at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await task(items[next++] as T);
    }),
  );
}

const secret = randomBytes(32).toString('base64url');
const sign = (body: string) => createHmac('sha256', secret).update(body).digest('hex');

const loadAtStart = Number((loadavg()[0] as number).toFixed(2));
const dataDir = await mkdtemp(join(tmpdir(), 'sorte-bench-deposits-'));
const { open, drop: dropDatabase } = benchDatabase(kind, { pool: Number(values.pool) });
const db = await open();
try {
  await migrate(db);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    // The load generator runs on this process's event loop: its work is no load for the server to shed.
    LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    LOAD_MAX_EVENT_LOOP_UTILIZATION: '0',
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
    DATA_DIR: dataDir,
    HOUSE_SHARDS: values.shards,
    SANDBOX_PAYMENTS_SECRET: secret,
  });
  const app = await buildApp(config, { db });
  try {
    await app.ready();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;

    // Members straight into the table (registration's argon2 is not what is measured here).
    const members: SessionMember[] = [];
    for (let i = 0; i < memberCount; i++) {
      const [row] = await db.query<{ id: bigint }>(
        `insert into members (merchant_code, username, username_key, password_hash)
         values ('BR', $1, $1, 'bench') returning id`,
        [`bench${i}`],
      );
      members.push({ id: row?.id as bigint, merchant_code: 'BR', type: 0 } as SessionMember);
    }

    // N pending orders through the service: sandbox booking, BR Code, order row.
    const prepStarted = performance.now();
    const amounts = new Map<string, number>();
    await inParallel(
      Array.from({ length: orderCount }, (_, i) => i),
      Math.min(connections, Number(values.pool)),
      async (i) => {
        const amount = 1_000 + ((i * 7919) % 100_000);
        const order = await app.payments.deposits.createDeposit(members[i % memberCount] as SessionMember, {
          channel: 'PIX',
          amount,
        });
        amounts.set(order.orderId, amount);
      },
    );
    const prepSeconds = (performance.now() - prepStarted) / 1000;

    // The webhooks the sandbox would send, signed ahead so that only the platform is timed.
    const rows = await db.query<{ order_no: string; provider_reference: string; amount: bigint }>(
      `select order_no, provider_reference, amount from deposit_orders where status = 'pending'`,
    );
    const bodies = rows.map((r) => {
      const body = JSON.stringify({
        eventId: `evt_${randomUUID()}`,
        type: 'payment.paid',
        orderId: r.order_no,
        providerReference: r.provider_reference,
        amount: Number(r.amount),
        currency: 'BRL',
        occurredAt: new Date().toISOString(),
      });
      return { body, signature: sign(body) };
    });

    const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    const post = (body: string, signature: string) =>
      new Promise<{ status: number; outcome: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/payments/webhook/sandbox',
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'x-sandbox-signature': signature,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                outcome: JSON.parse(Buffer.concat(chunks).toString()).value?.outcome ?? '',
              }),
            );
          },
        );
        request.on('error', reject);
        request.end(body);
      });

    const latencies: number[] = [];
    const outcomes = new Map<string, number>();
    const started = performance.now();
    await inParallel(bodies, connections, async ({ body, signature }) => {
      const t0 = performance.now();
      const { status, outcome } = await post(body, signature);
      latencies.push(performance.now() - t0);
      const key = `${status} ${outcome}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    });
    const elapsed = (performance.now() - started) / 1000;
    agent.destroy();

    const sorted = Float64Array.from(latencies).sort();
    const verdict = await verifyLedger(db);
    const [paid] = await db.query<{ n: bigint; total: bigint; credits: bigint }>(
      `select count(*) as n, coalesce(sum(amount), 0)::bigint as total,
              (select count(*) from ledger_transfers where kind = 'deposit') as credits
         from deposit_orders where status = 'paid'`,
    );
    const [cash] = await db.query<{ total: bigint }>(
      `select coalesce(sum(balance), 0)::bigint as total from ledger_accounts where owner_type = 'member' and kind = 'cash'`,
    );
    const expectedTotal = [...amounts.values()].reduce((a, b) => a + b, 0);
    const allCreditedOnce =
      Number(paid?.n) === orderCount &&
      Number(paid?.credits) === orderCount &&
      Number(paid?.total) === expectedTotal &&
      Number(cash?.total) === expectedTotal;
    console.log(
      JSON.stringify({
        db: kind,
        orders: orderCount,
        members: memberCount,
        connections,
        pool: kind === 'pg' ? Number(values.pool) : 1,
        clearingShards: Number(values.shards),
        orderCreationPerSecond: Math.round(orderCount / prepSeconds),
        webhookSeconds: round2(elapsed),
        depositsCreditedPerSecond: Math.round((outcomes.get('200 credited') ?? 0) / elapsed),
        p50Ms: round2(percentile(sorted, 50)),
        p99Ms: round2(percentile(sorted, 99)),
        p999Ms: round2(percentile(sorted, 99.9)),
        outcomes: Object.fromEntries(outcomes),
        allCreditedOnce,
        ledgerVerified: verdict.ok,
        loadAverageAtStart: loadAtStart,
      }),
    );
    if (!verdict.ok || !allCreditedOnce) process.exitCode = 1;
  } finally {
    await app.close();
  }
} finally {
  await db.close();
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
}
