import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Test-only: runs SQL on the embedded database of a STOPPED server (PGlite is a single connection:
 * never open it while the server has it). Used for states no API can reach yet, such as a member
 * who must change their password at next login (an agent-created account, DECISIONS.md).
 */
export async function editStoppedDatabase(dataDir: string, sql: string, params: unknown[] = []) {
  const db = await PGlite.create({ dataDir: join(dataDir, 'pglite') });
  try {
    return (await db.query(sql, params)).rows;
  } finally {
    await db.close();
  }
}
