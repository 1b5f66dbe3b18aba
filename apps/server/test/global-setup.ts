import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a migrated data-dir snapshot that each test file clones. */
    pgliteTemplate: string;
    /** PostgreSQL: a migrated template database each test file copies with CREATE DATABASE … TEMPLATE. */
    pgTemplate: { adminUrl: string; template: string; prefix: string } | null;
  }
}

const here = dirname(fileURLToPath(import.meta.url));
const migrationsDir = join(here, '../src/db/migrations');

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir).sort())
    hash.update(file).update(readFileSync(join(migrationsDir, file)));
  return hash.digest('hex').slice(0, 16);
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Migrates once per run (or reuses a cached snapshot when the migrations have not changed), so
 * each test file gets a fresh database by copying, never by running initdb and migrations again.
 */
export default async function setup(project: TestProject) {
  const cacheDir = resolve(here, '../../../node_modules/.cache/sorte');
  mkdirSync(cacheDir, { recursive: true });
  const snapshot = join(cacheDir, `pglite-template-${migrationsHash()}.tar`);
  if (!existsSync(snapshot)) {
    const db = await openDatabase({ kind: 'pglite' });
    await migrate(db);
    const blob = await dumpPglite(db);
    if (!blob) throw new Error('PGlite snapshot failed');
    writeFileSync(snapshot, Buffer.from(await blob.arrayBuffer()));
    await db.close();
  }
  project.provide('pgliteTemplate', snapshot);

  const url = process.env.DATABASE_URL;
  if (!url) {
    project.provide('pgTemplate', null);
    return;
  }
  const runId = randomBytes(4).toString('hex');
  const template = `sorte_tpl_${runId}`;
  const prefix = `sorte_t_${runId}_`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const db = await openDatabase({ kind: 'postgres', url: withDatabase(url, template), poolSize: 2 });
  await migrate(db);
  await db.close();
  project.provide('pgTemplate', { adminUrl: url, template, prefix });

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1 or datname = $2',
      [`${prefix}%`, template],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}
