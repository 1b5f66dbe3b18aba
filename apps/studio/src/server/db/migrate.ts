import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StudioDatabase } from './client';

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any fixed number: instances starting together on one PostgreSQL database take turns. */
const MIGRATION_LOCK_KEY = 7_320_115;

/** Applies every `migrations/*.sql` not yet recorded, in file-name order, each in its own transaction. */
export async function migrateStudio(db: StudioDatabase): Promise<string[]> {
  const files = readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  await db.exec(`create table if not exists studio_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`);
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const done = new Set(
      (await tx.query<{ name: string }>('select name from studio_migrations')).map((r) => r.name),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const script = readFileSync(join(migrationsDir, file), 'utf8');
      // Statements are separated by ";" at a line end; the migrations hold no function bodies.
      for (const statement of splitStatements(script)) await tx.query(statement);
      await tx.query('insert into studio_migrations (name) values ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}

function splitStatements(script: string): string[] {
  return script
    .split(/;\s*$/m)
    .map((s) =>
      s
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter(Boolean);
}
