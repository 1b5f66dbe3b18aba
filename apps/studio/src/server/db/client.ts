import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PgliteThread } from '@sorte/shared/pglite-thread';
import pg from 'pg';

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
  options: { url: string; poolSize: number } | { dataDir: string },
): Promise<StudioDatabase> {
  return 'url' in options ? openPostgres(options.url, options.poolSize) : openPglite(options.dataDir);
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

async function openPglite(dataDir: string): Promise<StudioDatabase> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(resolve(dataDir), { recursive: true });
  // On a thread of its own: PGlite's WebAssembly work would otherwise hold the event loop the studio
  // shares with the platform when embedded (see @sorte/shared/pglite-thread).
  const thread = await PgliteThread.open(inMemory ? {} : { dataDir: resolve(dataDir) });
  const queryable = (session?: number): Queryable => ({
    query: (text, params) => thread.query(text, params, session ? { session } : {}),
  });
  return {
    kind: 'pglite',
    ...queryable(),
    exec: (script) => thread.exec(script),
    // The connection is held for the transaction alone (everyone else's statements wait), as
    // PGlite's own transaction lock did in-process.
    transaction: (fn) => thread.transaction((session) => fn(queryable(session))),
    close: () => thread.close(),
  };
}
