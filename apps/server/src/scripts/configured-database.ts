import { resolve } from 'node:path';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';

/**
 * The database a command-line script works on: DATABASE_URL's, else the embedded one under
 * DATA_DIR. npm runs workspace scripts inside apps/server, so DATA_DIR is taken relative to where
 * the user ran npm.
 */
export function openConfiguredDatabase(): Promise<Database> {
  const config = loadConfig();
  if (config.databaseUrl) return openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 2 });
  const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), config.dataDir);
  return openDatabase({ kind: 'pglite', dataDir: `${dataDir}/pglite` });
}
