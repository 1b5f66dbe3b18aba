import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite, protocol } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
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
   * `prepare` names the statement: on PostgreSQL each connection parses and plans it once and then
   * only binds and runs it (for hot statements called thousands of times a second). Ignored on PGlite.
   */
  query<R = Record<string, unknown>>(text: string, params?: unknown[], prepare?: string): Promise<R[]>;
  /** Runs a multi-statement script without parameters. */
  exec(script: string): Promise<void>;
};

export type Database = Connection & {
  kind: 'pglite' | 'postgres';
  orm: Orm;
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

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  if (options.dataDir) mkdirSync(resolve(options.dataDir), { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: resolve(options.dataDir) } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { [INT8_OID]: (value: string) => BigInt(value) },
  });
  const orm = drizzlePglite(client, { schema }) as unknown as Orm;
  const queryPrepared = preparedPgliteQuery(client);
  const connection: Connection = {
    async query(text, params, prepare) {
      if (prepare) return (await queryPrepared(prepare, text, params ?? [])) as never[];
      return (await client.query(text, params as unknown[])).rows as never[];
    },
    async exec(script) {
      await client.exec(script);
    },
  };
  return {
    kind: 'pglite',
    orm,
    ...connection,
    // PGlite is a single connection: every caller already shares it.
    withConnection: (fn) => fn(connection),
    async close() {
      await client.close();
    },
    // Exposed for the test helper, which snapshots a migrated database once and clones it.
    ...({ pglite: client } as object),
  };
}

/** The embedded client behind a PGlite database, for snapshotting in tests. */
export function pgliteOf(db: Database): PGlite | undefined {
  return (db as unknown as { pglite?: PGlite }).pglite;
}

type PreparedStatement = { paramTypes: number[]; fields: Array<{ name: string; dataTypeID: number }> };

const concatBytes = (parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
};

/**
 * Named statements on PGlite. Its `query` parses, plans and describes the statement again on every
 * call and crosses into the WebAssembly engine six times (parse, describe, bind, describe, execute,
 * sync); here a statement is parsed and described once, and each call is one Bind/Execute/Sync
 * exchange. Values are converted with PGlite's own serializers and parsers, as `query` does. Runs
 * under PGlite's query lock, so it never interleaves with another query's messages.
 */
function preparedPgliteQuery(client: PGlite) {
  const statements = new Map<string, PreparedStatement>();
  const { serialize } = protocol;
  return (name: string, text: string, params: unknown[]) =>
    client.runExclusive(async () => {
      let statement = statements.get(name);
      if (!statement) {
        const { messages } = await client.execProtocol(
          concatBytes([
            serialize.parse({ name, text }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          ]),
        );
        const description = messages.find((m) => m.name === 'parameterDescription') as
          | { dataTypeIDs: number[] }
          | undefined;
        const rows = messages.find((m) => m.name === 'rowDescription') as
          | { fields: Array<{ name: string; dataTypeID: number }> }
          | undefined;
        statement = {
          paramTypes: description?.dataTypeIDs ?? [],
          fields: (rows?.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        };
        statements.set(name, statement);
      }
      const types = statement.paramTypes;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = client.serializers[types[i] as number];
        return serializer ? serializer(value) : String(value);
      });
      const { messages } = await client.execProtocol(
        concatBytes([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]),
      );
      const fields = statement.fields;
      const rows: Record<string, unknown>[] = [];
      for (const message of messages) {
        if (message.name !== 'dataRow') continue;
        const row: Record<string, unknown> = {};
        (message as unknown as { fields: Array<string | null> }).fields.forEach((value, i) => {
          const field = fields[i] as { name: string; dataTypeID: number };
          const parser = client.parsers[field.dataTypeID];
          row[field.name] = value === null ? null : parser ? parser(value, field.dataTypeID) : value;
        });
        rows.push(row);
      }
      return rows;
    });
}
