import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, testConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { withDatabase } from './global-setup';

let snapshot: Blob | undefined;

/**
 * A fresh, migrated database for one test file: a copy of the run's template on PostgreSQL when
 * DATABASE_URL is set, otherwise a PGlite loaded from the migrated snapshot.
 */
export async function createTestDatabase(): Promise<Database> {
  const pgTemplate = inject('pgTemplate');
  if (pgTemplate) {
    const name = `${pgTemplate.prefix}${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgTemplate.adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${pgTemplate.template}`);
    } finally {
      await admin.end();
    }
    return openDatabase({ kind: 'postgres', url: withDatabase(pgTemplate.adminUrl, name), poolSize: 60 });
  }
  snapshot ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return openDatabase({ kind: 'pglite', loadDataDir: snapshot });
}

export type TestApp = { app: FastifyInstance; db: Database; config: Config };

/**
 * Builds the whole app on a fresh database. Call `register` to add test-only routes before the app
 * is made ready. Close with `app.close()` (also closes the database).
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  register?: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestApp> {
  const config = testConfig(overrides);
  const db = await createTestDatabase();
  const app = await buildApp(config, { db });
  app.addHook('onClose', async () => db.close());
  if (register) await register(app);
  await app.ready();
  return { app, db, config };
}
