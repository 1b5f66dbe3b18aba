import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { migrate } from '../apps/server/src/db/migrate';
import { demoContentSeeder } from '../apps/server/src/seed/demo-content';
import { demoGamesSeeder } from '../apps/server/src/seed/demo-games';
import { runSeeders } from '../apps/server/src/seed/run-seeders';
import { benchDatabase } from './lib/bench-database';
import { runLobbyLoad } from './lib/lobby-load';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '15' },
    pool: { type: 'string', default: '10' },
    // What the clients accept, as a browser sends it; `identity` measures answers sent uncompressed.
    encoding: { type: 'string', default: 'br, gzip' },
  },
});
const kind = values.db === 'pg' ? 'pg' : 'pglite';

/** What the home page of a Portuguese-speaking visitor of the Brazilian site asks for. */
const homeCalls = [
  '/wps/system/status',
  '/wps/relay/vendorSorting',
  '/wps/relay/hotGames',
  '/wps/relay/gameList?pageNo=1&pageSize=12&gameType=RNG',
  '/wps/relay/gameList?pageNo=1&pageSize=12&gameType=BONUS',
  '/wps/relay/announcements?types=B,PL,PU,PR&platform=W&execution=B',
  '/wps/relay/banners?groupName=w_home',
  '/wps/relay/winnerBoard?limitNum=20',
];
const headers: Record<string, string> = { lang: 'pt', merchantCode: 'BR' };
if (values.encoding !== 'identity') headers['accept-encoding'] = values.encoding;

// Other work on the machine skews the figures: say how busy it was before anything started.
const loadAtStart = Number((loadavg()[0] as number).toFixed(2));
console.log(
  JSON.stringify({ db: kind, acceptEncoding: headers['accept-encoding'] ?? 'identity', loadAtStart }),
);
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
    DATA_DIR: await mkdtemp(join(tmpdir(), 'sorte-bench-lobby-')),
  });
  const app = await buildApp(config, { db });
  try {
    await runSeeders(app, [demoGamesSeeder, demoContentSeeder]);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    // The tags a returning visitor holds (status is never cached, so it always answers 200).
    const etags = new Map<string, string>();
    for (const path of homeCalls) {
      let res = await fetch(base + path, { headers });
      // Right after seeding, a busy machine can make the load shedding answer 503: wait as told.
      for (let tries = 0; res.status === 503 && tries < 10; tries++) {
        await new Promise((done) => setTimeout(done, 1000 * Number(res.headers.get('retry-after') ?? 1)));
        res = await fetch(base + path, { headers });
      }
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      const etag = res.headers.get('etag');
      if (etag) etags.set(path, etag);
    }
    for (const returning of [false, true]) {
      // The server's CPU per request: on a shared machine req/s moves with the neighbours' load, the
      // CPU a request costs the server hardly does (the visitors run in another process).
      const cpuBefore = process.cpuUsage();
      const result = await runLobbyLoad({
        base,
        connections: Number(values.connections),
        seconds: Number(values.seconds),
        paths: homeCalls,
        headers,
        etags: returning ? Object.fromEntries(etags) : {},
      });
      const cpu = process.cpuUsage(cpuBefore);
      const { answered, encodings } = result;
      console.log(
        JSON.stringify({
          db: kind,
          visitors: returning ? 'returning (If-None-Match)' : 'new',
          connections: Number(values.connections),
          seconds: result.seconds,
          requestsPerSecond: result.requestsPerSecond,
          homePagesPerSecond: Math.round(result.requestsPerSecond / homeCalls.length),
          serverCpuMicrosPerRequest: result.requests
            ? Math.round(((cpu.user + cpu.system) / result.requests) * 10) / 10
            : 0,
          p50Ms: result.p50Ms,
          p99Ms: result.p99Ms,
          statuses: result.statuses,
          // Of the 200 answers (a 304 has no body to compress).
          compressedShare: answered
            ? Number(((answered - (encodings.identity ?? 0)) / answered).toFixed(3))
            : 0,
          encodings,
          errors: result.errors,
          loadAtStart,
        }),
      );
    }
  } finally {
    await app.close();
  }
} finally {
  await db.close();
  await dropDatabase();
}
