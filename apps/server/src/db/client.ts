import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PgliteThread, type PgliteThreadOptions } from '@sorte/shared/pglite-thread';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleProxy } from 'drizzle-orm/pg-proxy';
import pg from 'pg';
import * as schema from './schema/index';

/** int8 columns (money, ids, counts) come back as bigint on both drivers, never as lossy numbers. */
const INT8_OID = 20;
pg.types.setTypeParser(INT8_OID, (value: string) => BigInt(value));

export type Schema = typeof schema;
export type Orm = PgDatabase<PgQueryResultHKT, Schema>;

/** One connection's worth of raw SQL: used by migrations and by hot paths that want one round trip. */
export type Connection = {
  /**
   * `prepare` names the statement: each connection parses and plans it once and then only binds and
   * runs it (for hot statements called thousands of times a second); on PGlite its thread keeps the
   * statements (pglite-thread.worker.mjs).
   */
  query<R = Record<string, unknown>>(text: string, params?: unknown[], prepare?: string): Promise<R[]>;
  /** Runs a multi-statement script without parameters. */
  exec(script: string): Promise<void>;
};

export type Database = Connection & {
  kind: 'pglite' | 'postgres';
  orm: Orm;
  /**
   * The same database for work no one should wait behind (the seamless wallet's money calls): on
   * PGlite, one connection for everyone, its statements go before those already waiting; a
   * PostgreSQL pool has no such queue, and it is the pool itself.
   */
  urgent: Connection;
  /** Hands out one connection for work that must stay on it (locks, explicit transactions). */
  withConnection<T>(fn: (connection: Connection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres' ? openPostgres(options.url, options.poolSize) : openPglite(options);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const orm = drizzlePg(pool, { schema }) as unknown as Orm;
  const connectionOf = (client: pg.Pool | pg.PoolClient): Connection => ({
    async query(text, params, prepare) {
      if (prepare) return (await client.query({ name: prepare, text, values: params as unknown[] })).rows;
      return (await client.query(text, params as unknown[])).rows;
    },
    async exec(script) {
      await client.query(script);
    },
  });
  return {
    kind: 'postgres',
    orm,
    ...connectionOf(pool),
    urgent: connectionOf(pool),
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn(connectionOf(client));
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(options: PgliteThreadOptions): Promise<Database> {
  if (options.dataDir) mkdirSync(resolve(options.dataDir), { recursive: true });
  const thread = await PgliteThread.open({
    ...(options.dataDir ? { dataDir: resolve(options.dataDir) } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // The ORM (barely used: raw SQL is the rule) goes through the same thread; drizzle asks for rows
  // as arrays for its own mapping. (No orm.transaction on PGlite: use withConnection.)
  const orm = drizzleProxy(
    async (text, params, method) => ({
      rows: await thread.query(text, params, method === 'all' ? { rowMode: 'array' } : {}),
    }),
    { schema },
  ) as unknown as Orm;
  const connectionOf = (session?: number, urgent?: true): Connection => ({
    query: (text, params, prepare) =>
      thread.query(text, params, {
        ...(prepare ? { prepare } : {}),
        ...(session ? { session } : {}),
        ...(urgent ? { urgent } : {}),
      }),
    exec: (script) => thread.exec(script, session),
  });
  return {
    kind: 'pglite',
    orm,
    ...connectionOf(),
    urgent: connectionOf(undefined, true),
    // PGlite is a single connection: the caller holds it alone until fn is done (the others' queries
    // wait), so its explicit transaction never takes in anyone else's statements. fn must use the
    // connection it is given, not the database, or it waits for itself.
    withConnection: (fn) => thread.exclusive((session) => fn(connectionOf(session))),
    close: () => thread.close(),
    // Exposed for the test helper, which snapshots a migrated database once and clones it.
    ...({ pgliteThread: thread } as object),
  };
}

/** The data directory of a PGlite database as a tar (PGlite's dumpDataDir), for test snapshots. */
export async function dumpPglite(db: Database): Promise<Blob | undefined> {
  return (db as unknown as { pgliteThread?: PgliteThread }).pgliteThread?.dump();
}
