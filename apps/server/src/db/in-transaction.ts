import type { Connection, Database } from './client';

/** Runs fn in one transaction on one connection (PGlite: nobody else's statements in between). */
export async function inTransaction<T>(db: Database, fn: (on: Connection) => Promise<T>): Promise<T> {
  return db.withConnection(async (on) => {
    await on.exec('begin');
    try {
      const result = await fn(on);
      await on.exec('commit');
      return result;
    } catch (error) {
      await on.exec('rollback');
      throw error;
    }
  });
}
