import { parseArgs } from 'node:util';
import { migrate } from '../db/migrate';
import { createOperatorKey, type OperatorRole, operatorRoles } from '../plugins/operator-auth';
import { openConfiguredDatabase } from './configured-database';

/**
 * Creates an operator API key for automation, with roles (the console's: admin, finance, support,
 * content, risk, agent_manager; 'payments' and 'agents' are the older names of finance and
 * agent_manager), on the configured database (DATABASE_URL, else the embedded one under DATA_DIR):
 *   npx tsx apps/server/src/scripts/operator-key.ts --name alice --roles finance
 * The key is printed once; only its SHA-256 is stored. Send it as `x-operator-key`.
 * Revoke with: update operator_keys set revoked_at = now() where name = 'alice';
 */
const { values } = parseArgs({
  options: { name: { type: 'string' }, roles: { type: 'string', default: 'payments' } },
});
const roles = (values.roles ?? '').split(',').map((r) => r.trim());
if (!values.name || !/^[\w.-]{2,64}$/.test(values.name)) {
  console.error('--name: 2–64 letters, digits, ".", "_" or "-"');
  process.exit(2);
}
const unknown = roles.filter((r) => !(operatorRoles as readonly string[]).includes(r));
if (unknown.length > 0 || roles.length === 0) {
  console.error(`--roles: comma-separated, from ${operatorRoles.join(', ')}`);
  process.exit(2);
}
const db = await openConfiguredDatabase();
try {
  await migrate(db);
  const key = await createOperatorKey(db, values.name, roles as OperatorRole[]);
  console.log(key);
} finally {
  await db.close();
}
