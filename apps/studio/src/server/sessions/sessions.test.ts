import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStudioDatabase, type StudioDatabase } from '../db/client';
import { migrateStudio } from '../db/migrate';
import { SessionService } from './sessions';

/** The studio database, counting the statements sent to it. */
function counted(db: StudioDatabase) {
  const counter = { statements: 0 };
  const wrapped: StudioDatabase = {
    ...db,
    query(text, params) {
      counter.statements++;
      return db.query(text, params);
    },
  };
  return { db: wrapped, counter };
}

describe('studio sessions', () => {
  let db: StudioDatabase;

  beforeAll(async () => {
    db = await openStudioDatabase({ dataDir: 'memory://' });
    await migrateStudio(db);
  });
  afterAll(() => db.close());

  it('reads a game session from the database once a minute, not at every request', async () => {
    const { db: watched, counter } = counted(db);
    const sessions = new SessionService(watched, 12);
    const token = await sessions.create({ playerId: 'p-1', currency: 'BRL', gameCode: 'dice' });
    counter.statements = 0;
    const first = await sessions.require(token);
    const again = await sessions.require(token);
    const third = await sessions.find(token);
    expect(first).toEqual({ playerId: 'p-1', currency: 'BRL', gameCode: 'dice' });
    expect(again).toEqual(first);
    expect(third).toEqual(first);
    expect(counter.statements).toBe(1);
  });

  it('still refuses an unknown token and a session gone idle', async () => {
    const sessions = new SessionService(db, 12);
    await expect(sessions.require('x'.repeat(32))).rejects.toMatchObject({ code: 'SESSION_REQUIRED' });
    const token = await sessions.create({ playerId: 'p-2', currency: 'MXN', gameCode: 'mines' });
    await db.query("update studio_sessions set last_used_at = now() - interval '13 hours'");
    await expect(sessions.require(token)).rejects.toMatchObject({ code: 'SESSION_REQUIRED' });
  });

  it('keeps nothing in memory when the idle limit is too short to be sure a minute ahead', async () => {
    const { db: watched, counter } = counted(db);
    // 0.01 h (36 s), the shortest the configuration allows.
    const sessions = new SessionService(watched, 0.01);
    const token = await sessions.create({ playerId: 'p-3', currency: 'BDT', gameCode: 'plinko' });
    counter.statements = 0;
    await sessions.require(token);
    await db.query("update studio_sessions set last_used_at = now() - interval '1 hour'");
    await expect(sessions.require(token)).rejects.toMatchObject({ code: 'SESSION_REQUIRED' });
    expect(counter.statements).toBe(2);
  });
});
