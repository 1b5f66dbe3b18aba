import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PgliteWorker } from './pglite-worker-client';

/** int8 columns (money, ids) come back as bigint on both drivers, never as lossy numbers. */
const INT8_OID = 20;

export type Queryable = {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
};

/**
 * The studio's own database: PGlite (embedded, one connection) or PostgreSQL (a pool). One SQL
 * dialect for both. PGlite is a single connection: `transaction` holds it only across awaits of the
 * database itself, never of the network.
 */
export type StudioDatabase = Queryable & {
  kind: 'pglite' | 'postgres';
  exec(script: string): Promise<void>;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export async function openStudioDatabase(
  options: { url: string; poolSize: number } | { dataDir: string; thread?: boolean },
): Promise<StudioDatabase> {
  if ('url' in options) return openPostgres(options.url, options.poolSize);
  return options.thread ? openPgliteThread(options.dataDir) : openPglite(options.dataDir);
}

function openPostgres(url: string, poolSize: number): StudioDatabase {
  const parse = (value: string) => BigInt(value);
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID ? parse : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return {
    kind: 'postgres',
    async query(text, params) {
      return (await pool.query(text, params)).rows;
    },
    async exec(script) {
      await pool.query(script);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          async query(text, params) {
            return (await client.query(text, params)).rows;
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * A turn of the event loop before each statement or transaction. PGlite runs PostgreSQL as
 * WebAssembly on this thread and its promises resolve at once: without a turn, the queued statements
 * of many requests ran back to back inside one turn and held the loop (the platform's too, when
 * embedded) for hundreds of milliseconds. A transaction still runs in one piece, as before.
 *
 * (The studio on its own process keeps PGlite here; embedded in the platform it runs on a thread,
 * pglite-worker-client.ts, whose transactions run their statements synchronously: as messages, each
 * statement's round trip to a busy event loop held the connection, and bets queued for seconds.)
 */
const loopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function openPglite(dataDir: string): Promise<StudioDatabase> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(resolve(dataDir), { recursive: true });
  const client = await PGlite.create({
    ...(inMemory ? {} : { dataDir: resolve(dataDir) }),
    parsers: { [INT8_OID]: (value: string) => BigInt(value) },
  });
  return {
    kind: 'pglite',
    async query(text, params) {
      await loopTurn();
      return (await client.query(text, params)).rows as never[];
    },
    async exec(script) {
      await loopTurn();
      await client.exec(script);
    },
    async transaction(fn) {
      await loopTurn();
      return client.transaction((tx) =>
        fn({
          async query(text, params) {
            return (await tx.query(text, params)).rows as never[];
          },
        }),
      );
    },
    async close() {
      await client.close();
    },
  };
}

/** PGlite on a worker thread (pglite-worker-client.ts), for the studio embedded in the platform. */
async function openPgliteThread(dataDir: string): Promise<StudioDatabase> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(resolve(dataDir), { recursive: true });
  const thread = await PgliteWorker.open(inMemory ? undefined : resolve(dataDir));
  return {
    kind: 'pglite',
    query: (text, params) => thread.query(text, params),
    exec: (script) => thread.exec(script),
    transaction: (fn) => thread.transaction(fn),
    close: () => thread.close(),
  };
}
