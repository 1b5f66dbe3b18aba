import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import { reportServerOutput } from './failure-report';

const root = resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory migrated and seeded once per run (seeded-template.ts). */
    seededDataDir: string;
    /** The console's first administrator's one-time password, printed by the template's first start. */
    consoleAdminPassword: string;
  }
}

export type RunningServer = {
  url: string;
  /** The server's data directory (embedded database under `pglite/`). */
  dataDir: string;
  /** Stops the server; its data directory is removed unless `keepData` (to start it again on it). */
  stop(options?: { keepData?: boolean }): Promise<void>;
  output(): string;
};

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A new data directory: a copy of the run's migrated and seeded one (seeded-template.ts), or an
 * empty one the server migrates and seeds itself when `fresh` or when there is no template (a spec
 * run on its own outside the e2e config).
 */
function newDataDir(fresh: boolean): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'sorte-e2e-'));
  const template = fresh ? undefined : seededTemplate();
  if (template) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

function seededTemplate(): string | undefined {
  try {
    return inject('seededDataDir');
  } catch {
    return undefined; // not inside a vitest worker with the global setup
  }
}

/**
 * Starts the real server, as `npm start` does, on a free port with the built web app and its own
 * database: a copy of the run's seeded one, an empty one when `options.fresh`, or the one in
 * `options.dataDir` (left by an earlier stop with keepData). Waits until it is ready.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string; fresh?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? newDataDir(options.fresh ?? false);
  let output = '';
  const child: ChildProcess = spawn(join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SERVE_WEB: 'true',
      WEB_DIST_DIR: join(root, 'apps/web/dist'),
      DATABASE_URL: '',
      REDIS_URL: '',
      // A browser test on a busy machine stalls the server's loop now and then: that is not load to
      // shed (a 503 would fail the test for nothing). bench:load measures the shedding.
      LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      LOAD_MAX_EVENT_LOOP_UTILIZATION: '0',
      // Nor is a sign-up that waits behind the browser for a core: the password queue refuses a hash
      // that cannot start within ARGON2_QUEUE_WAIT_MS, and its threads run niced below Chromium's.
      ARGON2_QUEUE_WAIT_MS: '60000',
      ARGON2_NICE: '0',
      // The optimising compile of PGlite at start costs a second or two of CPU per server, and the
      // suite starts a server per spec: its gain (fast first seconds under load) is bench:load's.
      PGLITE_EAGER_TIER_UP: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  // A fresh database seeds everything first (90 days of demo history among it): longer on a busy machine.
  const deadline = Date.now() + (options.fresh ? 180_000 : 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const forget = reportServerOutput(url, () => output);
  return {
    url,
    dataDir,
    output: () => output,
    async stop({ keepData = false } = {}) {
      forget();
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
