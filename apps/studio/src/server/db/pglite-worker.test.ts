import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStudioDatabase, type StudioDatabase } from './client';

/**
 * The studio's PGlite on a worker thread (pglite-worker-client.ts), as the platform embeds it: the
 * same answers as in-process, the event loop free while a statement runs, transactions whole.
 */
describe("the studio's PGlite on a worker thread", () => {
  let db: StudioDatabase;
  beforeAll(async () => {
    db = await openStudioDatabase({ dataDir: 'memory://', thread: true });
    await db.exec(`create table t (id int primary key, amount int8 not null, note jsonb)`);
  }, 120_000);
  afterAll(() => db.close());

  it('answers int8 as bigint and jsonb as objects, as in-process', async () => {
    await db.query('insert into t (id, amount, note) values ($1, $2, $3)', [
      1,
      9_007_199_254_740_993n,
      '{"a":[1]}',
    ]);
    expect(await db.query('select * from t where id = 1')).toEqual([
      { id: 1, amount: 9_007_199_254_740_993n, note: { a: [1] } },
    ]);
  });

  it('leaves the event loop free while a statement runs (in-process PGlite never yields)', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const [row] = await db.query<{ n: bigint }>(
      'select sum(i)::int8 as n from generate_series(1, 1000000) i',
    );
    counting = false;
    expect(row?.n).toBe(500_000_500_000n);
    expect(turns).toBeGreaterThan(3);
  });

  it('commits a transaction whole, and other statements wait for it', async () => {
    const order: string[] = [];
    const tx = db.transaction(async (q) => {
      await q.query('insert into t (id, amount) values (2, 20)');
      order.push('tx insert');
      const [row] = await q.query<{ n: bigint }>('select count(*)::int8 as n from t');
      order.push('tx count');
      return row?.n;
    });
    const outside = db.query<{ n: bigint }>('select count(*)::int8 as n from t').then(([row]) => {
      order.push('outside count');
      return row?.n;
    });
    expect(await tx).toBe(2n);
    expect(await outside).toBe(2n);
    expect(order).toEqual(['tx insert', 'tx count', 'outside count']);
  });

  it("rolls back on the caller's error and on PostgreSQL's, which keeps its fields", async () => {
    await expect(
      db.transaction(async (q) => {
        await q.query('insert into t (id, amount) values (3, 30)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const duplicate = db.transaction(async (q) => {
      await q.query('insert into t (id, amount) values (4, 40)');
      await q.query('insert into t (id, amount) values (1, 10)');
    });
    await expect(duplicate).rejects.toMatchObject({ code: '23505', constraint: 't_pkey' });
    expect((await db.query<{ id: number }>('select id from t order by id')).map((r) => r.id)).toEqual([1, 2]);
    // The database is free again.
    expect(await db.transaction(async (q) => (await q.query('select 1 as one'))[0])).toEqual({ one: 1 });
  });
});
