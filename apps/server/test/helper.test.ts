import { describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase } from './helper';

describe('test database helper', () => {
  it('gives each caller its own migrated database', async () => {
    const a = await createTestDatabase();
    const b = await createTestDatabase();
    await a.query("insert into seed_runs (name) values ('only-in-a')");
    expect(await b.query('select * from seed_runs')).toEqual([]);
    expect((await a.query<{ name: string }>('select name from schema_migrations')).length).toBeGreaterThan(0);
    await Promise.all([a.close(), b.close()]);
  });
});

describe('readiness', () => {
  it('answers 503 once the database is gone, while liveness still answers', async () => {
    const { app, db } = await buildTestApp();
    await db.close();
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable' });
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    // The database is already closed; closing the app closes it again, which may complain.
    await app.close().catch(() => {});
  });
});
