import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { StudioOverrides } from '../config';
import { type StudioHandle, studioPlugin } from '../plugin';
import type { FakeWallet } from './fake-wallet';

export type TestStudio = {
  app: FastifyInstance;
  studio: StudioHandle;
  url: string;
  close: () => Promise<void>;
};

export const tempDir = (name: string) => mkdtempSync(join(tmpdir(), `sorte-studio-${name}-`));

/** PostgreSQL when DATABASE_URL is set (a throw-away database per use), else PGlite. */
const adminUrl = process.env.DATABASE_URL;

async function admin(sql: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export type StudioStorage = {
  overrides: StudioOverrides;
  /** The same storage as environment variables, for a studio process. */
  env: Record<string, string>;
  cleanup: () => Promise<void>;
};

/**
 * Storage that outlives one studio (restarts): a PostgreSQL database on DATABASE_URL's server when
 * set, else a PGlite directory. `persistent: false` with PGlite keeps it in memory.
 */
export async function studioStorage(name: string, persistent = true): Promise<StudioStorage> {
  if (adminUrl) {
    const database = `sorte_studio_${name.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
    await admin(`create database ${database}`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    return {
      overrides: { databaseUrl: url.toString() },
      env: { STUDIO_DATABASE_URL: url.toString() },
      cleanup: () => admin(`drop database if exists ${database} with (force)`),
    };
  }
  if (!persistent)
    return {
      overrides: { studioDataDir: 'memory://' },
      env: { STUDIO_DATA_DIR: 'memory://' },
      cleanup: async () => {},
    };
  const dir = tempDir(name);
  return {
    overrides: { studioDataDir: dir },
    env: { STUDIO_DATA_DIR: dir },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A studio (the real plugin) on a free port, talking to `wallet`, engines started. */
export async function startStudio(wallet: FakeWallet, overrides: StudioOverrides = {}): Promise<TestStudio> {
  // The plugin creates its database (initdb on PGlite's thread): seconds on a busy machine.
  const app = Fastify({ logger: false, forceCloseConnections: true, pluginTimeout: 120_000 });
  // A database of its own unless the test names one.
  const storage =
    overrides.databaseUrl || overrides.studioDataDir ? null : await studioStorage('test', false);
  let studio: StudioHandle | null = null;
  await app.register(studioPlugin, {
    prefix: '/studio',
    expose: (handle) => {
      studio = handle;
    },
    config: {
      platformUrl: wallet.url,
      vendorSecret: wallet.secret,
      walletTimeoutMs: 1500,
      retryBaseMs: 20,
      retryMaxMs: 200,
      webDistDir: '/nonexistent/studio-web',
      ...storage?.overrides,
      ...overrides,
      crash: { bettingMs: 5000, cooldownMs: 1000, chainLength: 200, ...overrides.crash },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const handle = studio as unknown as StudioHandle;
  await handle.start();
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/studio`;
  return {
    app,
    studio: handle,
    url,
    close: async () => {
      await app.close();
      await storage?.cleanup();
    },
  };
}

export type ApiAnswer = {
  status: number;
  body: Record<string, unknown> & { error?: { code: string; message: string } };
};

export function client(studioUrl: string, session?: string) {
  return async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ApiAnswer> {
    const res = await fetch(`${studioUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(session ? { 'x-studio-session': session } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}

/** Launches a player at the fake wallet and opens a studio session for a game. */
export async function openSession(
  studio: TestStudio,
  wallet: FakeWallet,
  gameCode: string,
  balance = 100_000n,
) {
  const { token, playerId } = wallet.launch(balance);
  const res = await client(studio.url)('POST', '/api/session', { token, gameCode });
  if (res.status !== 200) throw new Error(`session: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    playerId,
    session: res.body.session as string,
    call: client(studio.url, res.body.session as string),
  };
}

export async function waitFor<T>(
  check: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A crash WebSocket that keeps every message and can wait for one. */
export async function crashSocket(studioUrl: string) {
  const socket = new WebSocket(`${studioUrl.replace(/^http/, 'ws')}/crash/ws`);
  const messages: Record<string, unknown>[] = [];
  const waiters: {
    test: (m: Record<string, unknown>) => boolean;
    resolve: (m: Record<string, unknown>) => void;
  }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Record<string, unknown>;
    messages.push(message);
    for (const waiter of [...waiters])
      if (waiter.test(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    messages,
    send: (message: object) => socket.send(JSON.stringify(message)),
    /** The next message (from now, or already received after `since`) matching `test`. */
    next(test: (m: Record<string, unknown>) => boolean, timeoutMs = 15_000, since = messages.length) {
      const earlier = messages.slice(since).find(test);
      if (earlier) return Promise.resolve(earlier);
      return new Promise<Record<string, unknown>>((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `no matching crash message; the last ones: ${JSON.stringify(messages.slice(-4))}; all but ticks: ${JSON.stringify(messages.filter((m) => m.type !== 'tick'))}`,
              ),
            ),
          timeoutMs,
        );
        waiters.push({
          test,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => socket.close(),
  };
}

/** The repository root (tsx and the workspaces resolve from there). */
export const repoRoot = new URL('../../../../../', import.meta.url).pathname;

export type ServerProcess = {
  child: import('node:child_process').ChildProcess;
  /** http://127.0.0.1:port (no path). */
  origin: string;
  log: () => string;
  /** SIGTERM and wait for the exit. */
  stop: () => Promise<number | null>;
  /** SIGKILL and wait for the exit. */
  kill: () => Promise<void>;
};

/**
 * Runs a TypeScript entry point (`node --import tsx …`) from the repository root with extra
 * environment, and answers once its log says where it listens.
 */
export async function spawnServer(
  entry: string,
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${entry} did not start:\n${output.slice(-3000)}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with ${code}:\n${output.slice(-3000)}`));
    });
  });
  return {
    child,
    origin,
    log: () => output,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
