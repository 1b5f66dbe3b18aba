import { AuditRepository } from '../modules/audit/audit.repository';
import { describeChainVerdict, verifyAuditRows } from '../modules/audit/audit-chain';
import { openConfiguredDatabase } from './configured-database';

/**
 * `npm run audit:verify`: walks the operator audit log's hash chain on the configured database
 * (DATABASE_URL, else the embedded one under DATA_DIR), names the first broken row and exits
 * non-zero if there is one. Read-only: it never migrates.
 */
const db = await openConfiguredDatabase();
try {
  const [{ present } = { present: false }] = await db.query<{ present: boolean }>(
    "select to_regclass('operator_audit_log') is not null as present",
  );
  if (!present) {
    console.log('audit log ok: the database has no audit log yet (not migrated), nothing to verify');
  } else {
    const verdict = await verifyAuditRows(new AuditRepository(db).rows());
    console.log(describeChainVerdict(verdict));
    process.exitCode = verdict.ok ? 0 : 1;
  }
} finally {
  await db.close();
}
