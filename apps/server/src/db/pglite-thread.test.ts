import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper';
import { type Database, dumpPglite, openDatabase } from './client';

/**
 * PGlite on a thread of its own (pglite-thread.ts): the event loop is free while the database works,
 * and the client behaves as the in-process one did (values, errors, one connection, transactions).
 */
let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.exec('create table thread_probe (id int primary key, v bigint not null, note text)');
});
afterAll(() => db.close());

/** Several hundred milliseconds of the database's CPU, in one statement. */
const HEAVY = 'select sum(g)::bigint as s from generate_series(1, 1000000) g';

describe.runIf(!process.env.DATABASE_URL)('PGlite on its own thread', () => {
  it('leaves the event loop free while a query runs (other callbacks run before it answers)', async () => {
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const [row] = await db.query<{ s: bigint }>(HEAVY);
    expect(row?.s).toBe(500_000_500_000n);
    expect(turned).toBe(true);
  });

  it('keeps the value types: bigint, timestamptz, jsonb, bytea, arrays, null', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const bytes = Uint8Array.from([0, 1, 254, 255]);
    const [row] = await db.query(
      `select $1::bigint as big, $2::timestamptz as at, $3::jsonb as doc, $4::bytea as raw,
              $5::text[] as list, $6::text as nothing`,
      [-9_007_199_254_740_993n, at, { a: [1, 'x'] }, bytes, ['p', 'q'], null],
    );
    expect(row).toEqual({
      big: -9_007_199_254_740_993n,
      at,
      doc: { a: [1, 'x'] },
      raw: bytes,
      list: ['p', 'q'],
      nothing: null,
    });
  });

  it('raises PostgreSQL errors with their SQLSTATE and fields, plain and named', async () => {
    await db.query('insert into thread_probe values (1, 1, null)');
    const duplicate = db.query('insert into thread_probe values (1, 2, null)');
    await expect(duplicate).rejects.toBeInstanceOf(Error);
    await expect(duplicate).rejects.toMatchObject({ code: '23505', constraint: 'thread_probe_pkey' });
    await expect(
      db.query('insert into thread_probe values ($1, $2, null)', [1, 3n], 'thread_probe_insert'),
    ).rejects.toMatchObject({ code: '23505' });
    // A function's own SQLSTATE, as the ledger functions raise theirs (SL001…).
    await db.exec(`create function thread_probe_refuse() returns void language plpgsql as $$
      begin raise exception 'refused' using errcode = 'SL999', detail = 'why'; end $$`);
    await expect(db.query('select thread_probe_refuse()')).rejects.toMatchObject({
      code: 'SL999',
      message: 'refused',
      detail: 'why',
    });
    await expect(db.query('select 1/0')).rejects.toMatchObject({ code: '22012' });
    expect(await db.query('select count(*)::int as n from thread_probe')).toEqual([{ n: 1 }]);
  });

  it('holds the connection for withConnection alone: a transaction never takes in other callers', async () => {
    let outside: Promise<unknown> | undefined;
    await db.withConnection(async (connection) => {
      await connection.exec('begin');
      await connection.query('insert into thread_probe values (10, 10, null)');
      // Someone else writes while the transaction is open: it must wait, not join it.
      outside = db.query("insert into thread_probe values (11, 11, 'outside')");
      await new Promise((resolve) => setImmediate(resolve));
      await connection.query('insert into thread_probe values (12, 12, null)');
      await connection.exec('rollback');
    });
    await outside;
    expect(await db.query('select id from thread_probe where id >= 10 order by id')).toEqual([{ id: 11 }]);
  });

  it('runs urgent work (the wallet money calls) before statements that were waiting longer', async () => {
    await db.exec('create table thread_order (n serial primary key, who text not null)');
    const queued: Promise<unknown>[] = [];
    await db.withConnection(async (connection) => {
      // While a transaction holds the database, a sign-in's statement queues, then a bet's.
      queued.push(db.query("insert into thread_order (who) values ('waiting first')"));
      queued.push(db.query("insert into thread_order (who) values ('also waiting')"));
      queued.push(db.urgent.query("insert into thread_order (who) values ('urgent')"));
      await new Promise((resolve) => setImmediate(resolve));
      await connection.query('select 1');
    });
    await Promise.all(queued);
    expect(
      (await db.query<{ who: string }>('select who from thread_order order by n')).map((r) => r.who),
    ).toEqual(['urgent', 'waiting first', 'also waiting']);
  });

  it('answers concurrent callers each with its own rows, in order', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        db.query<{ i: number }>('select $1::int as i', [i], 'thread_probe_i'),
      ),
    );
    expect(answers.map((rows) => rows[0]?.i)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('serves the ORM', async () => {
    const rows = await db.orm.execute('select 2 as two');
    expect(rows).toBeDefined();
  });

  it('dumps its data directory, which opens again with the same data', async () => {
    const blob = await dumpPglite(db);
    expect(blob?.size).toBeGreaterThan(0);
    const copy = await openDatabase({ kind: 'pglite', loadDataDir: blob as Blob });
    try {
      expect(await copy.query('select count(*)::int as n from thread_probe')).toEqual([
        { n: (await db.query<{ n: number }>('select count(*)::int as n from thread_probe'))[0]?.n },
      ]);
    } finally {
      await copy.close();
    }
  });

  it('refuses calls after close instead of hanging', async () => {
    const other = await createTestDatabase();
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow();
  });
});
