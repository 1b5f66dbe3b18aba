import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helper';
import type { Database } from './client';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

const STATEMENT = `select $1::bigint + 1 as next, $2::text as label, $3::boolean as flag,
                          cardinality($4::text[]) as n, $5::text is null as missing`;

describe('named (prepared) statements', () => {
  it('answer what the same unnamed query answers, call after call', async () => {
    for (const [big, label, flag] of [
      [9_000_000_000_000n, "it's", true],
      [-5n, 'ünï "quoted"', false],
    ] as const) {
      const params = [big, label, flag, ['SORTE', 'BGS', 'a,b'], null];
      const plain = await db.query(STATEMENT, params);
      const named = await db.query(STATEMENT, params, 'prepared_query_test');
      expect(named).toEqual(plain);
      expect(named).toEqual([{ next: big + 1n, label, flag, n: 3, missing: true }]);
    }
  });

  it('raise the database error with its SQLSTATE, and the connection goes on working', async () => {
    const overflow = 'select $1::bigint + 9223372036854775807 as v';
    await expect(db.query(overflow, [1n], 'prepared_query_overflow')).rejects.toMatchObject({
      code: '22003',
    });
    expect(await db.query(overflow, [0n], 'prepared_query_overflow')).toEqual([{ v: 9223372036854775807n }]);
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('run inside a transaction held on one connection', async () => {
    await db.exec('create table prepared_query_probe (v bigint)');
    await db.withConnection(async (connection) => {
      await connection.exec('begin');
      await connection.query('insert into prepared_query_probe values ($1)', [7n], 'prepared_query_insert');
      await connection.exec('rollback');
    });
    expect(await db.query('select count(*)::int as n from prepared_query_probe')).toEqual([{ n: 0 }]);
  });
});
