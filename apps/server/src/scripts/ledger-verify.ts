import { resolve } from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { describeVerdict, verifyLedger } from '../modules/ledger/ledger-verify';

/**
 * `npm run ledger:verify`: checks the ledger on the configured database (DATABASE_URL, else the
 * embedded one under DATA_DIR) and exits non-zero on any breach. Read-only: it never migrates.
 */
const config = loadConfig();
// npm runs workspace scripts inside apps/server; DATA_DIR is relative to where the user ran npm.
const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), config.dataDir);
const db = config.databaseUrl
  ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 2 })
  : await openDatabase({ kind: 'pglite', dataDir: `${dataDir}/pglite` });
try {
  const [{ present } = { present: false }] = await db.query<{ present: boolean }>(
    "select to_regclass('ledger_transfers') is not null as present",
  );
  if (!present) {
    console.log('ledger ok: the database has no ledger yet (not migrated), nothing to verify');
  } else {
    const verdict = await verifyLedger(db);
    console.log(describeVerdict(verdict));
    process.exitCode = verdict.ok ? 0 : 1;
  }
} finally {
  await db.close();
}
