import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/server/src/db/client';

/**
 * The database a benchmark runs on: the embedded PGlite (in memory, or in `dataDir`), or a throw-away
 * PostgreSQL database created on DATABASE_URL's server (default the local postgres) and dropped by
 * `drop()` at the end, so runs never see each other's rows.
 */
export function benchDatabase(kind: 'pg' | 'pglite', options: { pool: number; dataDir?: string }) {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `sorte_bench_${randomBytes(4).toString('hex')}`;

  async function admin(sql: string) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  let created = false;

  return {
    /** The throw-away database's address (pg), for a server started in another process. */
    url: kind === 'pg' ? url.toString() : undefined,
    async open(): Promise<Database> {
      if (kind === 'pglite') {
        return openDatabase(
          options.dataDir ? { kind: 'pglite', dataDir: options.dataDir } : { kind: 'pglite' },
        );
      }
      // Created once: a benchmark may open it again (after a restart of its server, say).
      if (!created) {
        await admin(`create database ${dbName}`);
        created = true;
      }
      return openDatabase({ kind: 'postgres', url: url.toString(), poolSize: options.pool });
    },
    async drop(): Promise<void> {
      if (kind === 'pg') await admin(`drop database if exists ${dbName} with (force)`);
    },
  };
}

/** The p-th percentile of an ascending array (0 when empty). */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}
