import { describeVerdict, verifyLedger } from '../modules/ledger/ledger-verify';
import { openConfiguredDatabase } from './configured-database';

/**
 * `npm run ledger:verify`: checks the ledger on the configured database (DATABASE_URL, else the
 * embedded one under DATA_DIR) and exits non-zero on any breach. Read-only: it never migrates.
 */
const db = await openConfiguredDatabase();
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
