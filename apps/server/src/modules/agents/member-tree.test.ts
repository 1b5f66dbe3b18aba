import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helper';
import type { Database } from '../../db/client';

let db: Database;

/** The migration's backfill statement, run as the migration ran it on a database with members. */
const backfill = (() => {
  const sql = readFileSync(new URL('../../db/migrations/0021_agent_team.sql', import.meta.url), 'utf8');
  const start = sql.indexOf('insert into member_tree');
  return sql.slice(start, sql.indexOf(';', start) + 1);
})();

async function addMember(username: string, upline: bigint | null): Promise<bigint> {
  const [row] = await db.query<{ id: bigint }>(
    `insert into members (merchant_code, username, username_key, password_hash, upline_id)
     values ('BR', $1, $1, 'x', $2) returning id`,
    [username, upline?.toString() ?? null],
  );
  return row?.id as bigint;
}

const pairs = async () =>
  (
    await db.query<{ ancestor_id: bigint; member_id: bigint; depth: number }>(
      'select ancestor_id, member_id, depth from member_tree order by 1, 2',
    )
  ).map((r) => `${r.ancestor_id}>${r.member_id}@${r.depth}`);

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

describe('member_tree', () => {
  it('is rebuilt by the migration backfill exactly as the triggers keep it', async () => {
    const root = await addMember('treeroot', null);
    const a = await addMember('treea', root);
    const b = await addMember('treeb', a);
    await addMember('treec', b);
    await addMember('treed', root);
    const lone = await addMember('treelone', null);
    await addMember('treee', lone);
    const byTriggers = await pairs();
    // Every member's own row, then one row per upline at its distance.
    expect(byTriggers).toContain(`${root}>${b}@2`);
    expect(byTriggers.filter((p) => p.startsWith(`${root}>`))).toHaveLength(5);

    await db.exec('delete from member_tree');
    await db.exec(backfill);
    expect(await pairs()).toEqual(byTriggers);
  });
});
