import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any fixed number works: it only has to be the same in every instance of the server. */
const MIGRATION_LOCK_KEY = 7_320_114;

export type MigrationResult = { applied: string[] };

/**
 * Applies every `migrations/*.sql` not yet recorded, in file-name order, each in its own
 * transaction. On PostgreSQL an advisory lock makes instances starting together take turns.
 * The same files run on PGlite and PostgreSQL: plain PostgreSQL SQL only.
 */
export async function migrate(db: Database): Promise<MigrationResult> {
  const files = readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return db.withConnection(async (conn) => {
    await conn.exec(`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
    if (db.kind === 'postgres') await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const done = new Set(
        (await conn.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
      );
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file)) continue;
        const script = readFileSync(join(migrationsDir, file), 'utf8');
        await conn.exec('begin');
        try {
          await conn.exec(script);
          await conn.query('insert into schema_migrations (name) values ($1)', [file]);
          await conn.exec('commit');
        } catch (error) {
          await conn.exec('rollback');
          throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(file);
      }
      return { applied };
    } finally {
      if (db.kind === 'postgres') await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  });
}
