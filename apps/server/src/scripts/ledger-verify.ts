import { resolve } from 'node:path';
import { openConfiguredDatabase } from '../app';
import { loadConfig } from '../config';
import { describeVerdict, verifyLedger } from '../modules/wallet/ledger-verify';

/**
 * `npm run ledger:verify`: checks the ledger on the configured database (DATABASE_URL, else the
 * embedded one under DATA_DIR) and exits non-zero on any breach.
 */
const config = loadConfig();
// npm runs workspace scripts inside apps/server; DATA_DIR is relative to where the user ran npm.
const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), config.dataDir);
const db = await openConfiguredDatabase({ ...config, dataDir });
try {
  const verdict = await verifyLedger(db);
  console.log(describeVerdict(verdict));
  process.exitCode = verdict.ok ? 0 : 1;
} finally {
  await db.close();
}
