/**
 * Sign-in throughput: `npm run bench:auth -- --db pg|pglite --members N --connections C --seconds S`.
 * Builds the real app (apps/server buildApp), listens on a free port, registers N members through
 * PUT /wps/member/register, then drives POST /wps/session/login with autocannon: every request signs in
 * the next member, from that member's own address (X-Forwarded-For, with TRUST_PROXY on, as behind a
 * load balancer), so the per-address captcha rule and second verification never step in.
 * `--encrypt` sends the encrypted form of the body (RSA-OAEP-256 + AES-256-GCM).
 * Prints one JSON line. For pg it uses a throw-away database on DATABASE_URL's server (default the
 * local postgres) and drops it afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { encryptPayload, type PayloadPublicKey } from '@sorte/shared';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { migrate } from '../apps/server/src/db/migrate';
import { hashPassword, verifyPassword } from '../apps/server/src/modules/auth/passwords';
import { benchDatabase } from './lib/bench-database';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    members: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '20' },
    pool: { type: 'string', default: '10' },
    encrypt: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
  },
});
const memberCount = Number(values.members);
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const kind = values.db === 'pg' ? 'pg' : 'pglite';

/** Member i signs up and signs in from its own address. */
const addressOf = (i: number) => `10.${100 + ((i >> 16) & 127)}.${(i >> 8) & 255}.${i & 255}`;
// Usernames: 4–16 letters and digits starting with a letter; a run prefix keeps reruns on a kept
// data directory from colliding.
const run = randomBytes(2).toString('hex');
const usernameOf = (i: number) => `b${run}${i}`;
const password = 'bench password 1';

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/**
 * argon2id verifications per second this machine does alone, at the same concurrency, and the
 * process CPU time each one costs.
 */
async function argon2Alone(concurrency: number, ms: number) {
  const stored = await hashPassword(password);
  const started = performance.now();
  const cpu = process.cpuUsage();
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() - started < ms) {
        await verifyPassword(stored, password);
        done++;
      }
    }),
  );
  return {
    perSecond: Math.round(done / ((performance.now() - started) / 1000)),
    cpuMs: cpuMs(process.cpuUsage(cpu)) / done,
  };
}

// Load average before this process adds its own: other work on the machine skews every figure.
const loadAtStart = Number((loadavg()[0] as number).toFixed(2));
const dataDir = await mkdtemp(join(tmpdir(), 'sorte-bench-auth-'));
const { open, drop: dropDatabase } = benchDatabase(kind, {
  pool: Number(values.pool),
  dataDir: values['data-dir'],
});
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
    TRUST_PROXY: 'true',
    DATA_DIR: dataDir,
  });
  const app = await buildApp(config, { db });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const registerStarted = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        for (let i = next++; i < memberCount; i = next++) {
          const res = await fetch(`${base}/wps/member/register`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(i) },
            body: JSON.stringify({ username: usernameOf(i), password, confirmPassword: password }),
          });
          if (res.status !== 200)
            throw new Error(`register ${usernameOf(i)}: ${res.status} ${await res.text()}`);
        }
      }),
    );
    const registerSeconds = (performance.now() - registerStarted) / 1000;

    const bodies: string[] = [];
    const key = values.encrypt
      ? ((await (await fetch(`${base}/wps/system/publicKey`)).json()) as { value: PayloadPublicKey }).value
      : null;
    for (let i = 0; i < memberCount; i++) {
      const body = { username: usernameOf(i), password };
      bodies.push(
        JSON.stringify(
          key ? await encryptPayload(key.jwk, key.keyId, 'POST', '/wps/session/login', body) : body,
        ),
      );
    }

    const argon2 = await argon2Alone(connections, 3_000);
    const cpu = process.cpuUsage();
    const loop = performance.eventLoopUtilization();

    let sent = 0;
    const failures: Record<string, number> = {};
    const result = await autocannon({
      url: base,
      connections,
      duration: seconds,
      timeout: 30,
      requests: [
        {
          method: 'POST',
          path: '/wps/session/login',
          setupRequest: (request) => {
            const i = sent++ % memberCount;
            return {
              ...request,
              headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(i) },
              body: bodies[i] as string,
            };
          },
          onResponse: (status, body) => {
            if (status === 200) return;
            let code = String(status);
            try {
              code = `${status} ${(JSON.parse(body) as { code: string }).code}`;
            } catch {}
            failures[code] = (failures[code] ?? 0) + 1;
          },
        },
      ],
    });

    const cpuPerLogin = cpuMs(process.cpuUsage(cpu)) / Math.max(1, result.requests.total);
    const mainThreadBusy = performance.eventLoopUtilization(loop).utilization;
    const logins = result['2xx'];
    console.log(
      JSON.stringify({
        db: kind,
        dataDir: kind === 'pglite' ? (values['data-dir'] ?? 'memory') : undefined,
        encrypted: values.encrypt,
        members: memberCount,
        registerPerSecond: Math.round(memberCount / registerSeconds),
        connections,
        seconds: result.duration,
        logins,
        distinctMembers: Math.min(logins, memberCount),
        loginsPerSecond: Math.round(logins / result.duration),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        maxMs: result.latency.max,
        errors: result.errors + result.timeouts + result.non2xx,
        failures,
        argon2idVerifyPerSecondAlone: argon2.perSecond,
        cpuMsPerLogin: Number(cpuPerLogin.toFixed(1)),
        cpuMsPerArgon2idVerify: Number(argon2.cpuMs.toFixed(1)),
        mainThreadBusy: Number(mainThreadBusy.toFixed(2)),
        loadAverageAtStart: loadAtStart,
        argon2idShareOfProcessCpu: Number((argon2.cpuMs / cpuPerLogin).toFixed(2)),
        note:
          'every login verifies one argon2id hash (OWASP: m=19456 KiB, t=2, p=1) on the libuv thread pool: ' +
          'that verification is most of the CPU a login costs (argon2idShareOfProcessCpu), so logins/s ' +
          'stays below argon2idVerifyPerSecondAlone whatever the database; PGlite adds its queries to the ' +
          'main thread (mainThreadBusy), PostgreSQL runs them in its own processes (not counted in cpuMsPerLogin)',
      }),
    );
    if (result.errors + result.timeouts + result.non2xx > 0) process.exitCode = 1;
  } finally {
    await app.close();
  }
} finally {
  await db.close();
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
}
