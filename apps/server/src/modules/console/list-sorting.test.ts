import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper';
import {
  bindPix,
  buildPaymentsApp,
  createDeposit,
  depositPaid,
  newMember,
  PAYMENT_PASSWORD,
  ROOT_OPERATOR_KEY,
  type TestMember,
} from '../payments/payments-test-kit';
import { consoleKit, type SignedInOperator } from './console-test-kit';

/**
 * Server-side sorting of the console's lists (issue 15): `sort=key:direction` from each list's own
 * keys, both ways, ties in id order so paging never repeats or skips a row, anything else a 400
 * naming `sort`, and a merchant-limited operator still sees only their merchant's rows.
 */
let t: TestApp;
let admin: SignedInOperator;
let mexicoAdmin: SignedInOperator;
beforeAll(async () => {
  t = await buildPaymentsApp();
  const kit = consoleKit(t.app, ROOT_OPERATOR_KEY);
  admin = await kit.operatorWith(['admin']);
  mexicoAdmin = await kit.operatorWith(['admin'], 'MX');
});
afterAll(() => t.app.close());

type Row = Record<string, unknown>;
async function list(url: string, as: SignedInOperator = admin) {
  const res = await t.app.inject({ url, headers: { cookie: as.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { content: Row[]; total: number };
}
/** The ids of the rows, in the order the list gave them, among `mine` (other tests' rows left out). */
const idsIn = (rows: Row[], field: string, mine: readonly unknown[]) =>
  rows.map((r) => r[field]).filter((id) => mine.includes(id));

/** Every page of a list, one row a page: what an operator paging through would see. */
async function everyPage(url: string, field: string) {
  const seen: unknown[] = [];
  for (let pageNo = 1; pageNo <= 20; pageNo++) {
    const { content, total } = await list(`${url}&pageSize=1&pageNo=${pageNo}`);
    seen.push(...content.map((r) => r[field]));
    if (pageNo >= total) break;
  }
  return seen;
}

describe('players', () => {
  const prefix = `srt${randomBytes(3).toString('hex')}`;
  /** Players made straight in the table, with the registration and sign-in times the test needs. */
  async function player(name: string, createdAt: string, signedInAt: string | null, merchantCode = 'BR') {
    const username = `${prefix}${name}`;
    const [row] = await t.db.query<{ id: string }>(
      `insert into members (merchant_code, username, username_key, password_hash, created_at)
       values ($1, $2, lower($2), 'x', $3) returning id::text as id`,
      [merchantCode, username, createdAt],
    );
    const id = (row as { id: string }).id;
    if (signedInAt)
      await t.db.query(
        `insert into member_sessions (token_hash, member_id, expires_at, created_at)
         values ($1, $2, now() + interval '1 day', $3)`,
        [randomBytes(16).toString('hex'), id, signedInAt],
      );
    return id;
  }
  let ids: Record<'bea' | 'ana' | 'cid' | 'dan' | 'mex', string>;
  beforeAll(async () => {
    ids = {
      bea: await player('bea', '2026-01-02T00:00:00Z', '2026-03-01T00:00:00Z'),
      ana: await player('ana', '2026-01-01T00:00:00Z', null),
      cid: await player('Cid', '2026-01-03T00:00:00Z', '2026-02-01T00:00:00Z'),
      // Registered in the same instant as Cid: the id decides between them.
      dan: await player('dan', '2026-01-03T00:00:00Z', '2026-04-01T00:00:00Z'),
      mex: await player('mex', '2026-01-04T00:00:00Z', null, 'MX'),
    };
  });
  const sorted = async (sort: string, as: SignedInOperator = admin) =>
    (await list(`/ops/console/players?q=${prefix}&sort=${sort}`, as)).content.map((p) => p.id);

  it('sorts by registration, last sign-in and username both ways, and pages steadily across a tie', async () => {
    const { bea, ana, cid, dan, mex } = ids;
    expect(await sorted('createdAt:asc')).toEqual([ana, bea, cid, dan, mex]);
    expect(await sorted('createdAt:desc')).toEqual([mex, dan, cid, bea, ana]);
    // Never signed in: last, whichever the direction, and in id order (the direction's) among them.
    expect(await sorted('lastSignInAt:desc')).toEqual([dan, bea, cid, mex, ana]);
    expect(await sorted('lastSignInAt:asc')).toEqual([cid, bea, dan, ana, mex]);
    // Regardless of case: "Cid" between "bea" and "dan".
    expect(await sorted('username:asc')).toEqual([ana, bea, cid, dan, mex]);
    expect(await sorted('username:desc')).toEqual([mex, dan, cid, bea, ana]);

    const page = await list(`/ops/console/players?q=${prefix}dan`);
    expect(page.content[0]).toMatchObject({ id: dan, lastSignInAt: '2026-04-01T00:00:00.000Z' });
    expect(await everyPage(`/ops/console/players?q=${prefix}&sort=createdAt:asc`, 'id')).toEqual([
      ana,
      bea,
      cid,
      dan,
      mex,
    ]);
  });

  it('keeps a merchant-limited operator to their merchant', async () => {
    expect(await sorted('createdAt:desc', mexicoAdmin)).toEqual([ids.mex]);
  });
});

describe('withdrawals, deposits and adjustments', () => {
  let member: TestMember;
  let mexican: TestMember;
  const withdrawals: string[] = [];
  async function withdraw(payeeId: string, amount: number) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/withdraw',
      headers: member.headers,
      payload: {
        payeeAccountId: payeeId,
        amount,
        paymentPassword: PAYMENT_PASSWORD,
        requestId: randomUUID(),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    withdrawals.push(res.json().value.withdrawalId);
  }
  beforeAll(async () => {
    member = await newMember(t.app);
    mexican = await newMember(t.app, 'MX');
    await depositPaid(t.app, member, 50_000);
    const payee = (await bindPix(t.app, member)).json().value.id;
    // Oldest first: 3,000, 2,000, 5,000 and 3,000 again (a tie on amount).
    for (const amount of [3_000, 2_000, 5_000, 3_000]) await withdraw(payee, amount);
  });

  it('keeps the queue order by default and sorts withdrawals by amount and time, steadily across a tie', async () => {
    const [w3, w2, w5, w3b] = withdrawals;
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/ops/payments/withdrawals/${w2}/reject`,
      headers: { cookie: admin.cookie },
      payload: { reason: 'sorting test' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const queue = (sort = '') => list(`/ops/payments/withdrawals?pageSize=100${sort}`);
    // Waiting first, the oldest of them first; then the decided ones.
    expect(idsIn((await queue()).content, 'withdrawalId', withdrawals)).toEqual([w3, w5, w3b, w2]);
    expect(idsIn((await queue('&sort=amount:desc')).content, 'withdrawalId', withdrawals)).toEqual([
      w5,
      w3b,
      w3,
      w2,
    ]);
    expect(idsIn((await queue('&sort=amount:asc')).content, 'withdrawalId', withdrawals)).toEqual([
      w2,
      w3,
      w3b,
      w5,
    ]);
    expect(idsIn((await queue('&sort=createdAt:desc')).content, 'withdrawalId', withdrawals)).toEqual([
      w3b,
      w5,
      w2,
      w3,
    ]);
    // One row a page across the two 3,000s: each shows once, in id order.
    const paged = await everyPage('/ops/payments/withdrawals?status=locked&sort=amount:asc', 'withdrawalId');
    expect(paged.filter((id) => withdrawals.includes(id as string))).toEqual([w3, w3b, w5]);

    const mexico = await list('/ops/payments/withdrawals?status=locked&sort=amount:desc', mexicoAdmin);
    expect(idsIn(mexico.content, 'withdrawalId', withdrawals)).toEqual([]);
  });

  it('sorts deposit orders by amount and time, within the operator merchant', async () => {
    const small = (await createDeposit(t.app, member, 'PIX', 2_500)).orderId;
    const big = (await createDeposit(t.app, member, 'PIX', 90_000)).orderId;
    const mex = (await createDeposit(t.app, mexican, 'SPEI', 50_000)).orderId;
    const mine = [small, big, mex];
    const orders = async (sort: string, as: SignedInOperator = admin) =>
      idsIn((await list(`/ops/payments/deposits?pageSize=100&sort=${sort}`, as)).content, 'orderId', mine);
    expect(await orders('amount:desc')).toEqual([big, mex, small]);
    expect(await orders('amount:asc')).toEqual([small, mex, big]);
    expect(await orders('createdAt:asc')).toEqual([small, big, mex]);
    expect(await orders('createdAt:desc')).toEqual([mex, big, small]);
    expect(await orders('amount:asc', mexicoAdmin)).toEqual([mex]);
  });

  it('sorts adjustments by amount and request time', async () => {
    const made: string[] = [];
    for (const amount of [700, 100, 400]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/ops/console/players/${member.id}/adjustments`,
        headers: { cookie: admin.cookie },
        payload: {
          direction: 'credit',
          account: 'bonus',
          amount,
          reason: 'sorting test',
          requestId: randomUUID(),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      made.push(res.json().value.id);
    }
    const [a700, a100, a400] = made;
    const adjustments = async (sort: string, as: SignedInOperator = admin) =>
      idsIn((await list(`/ops/console/adjustments?pageSize=100&sort=${sort}`, as)).content, 'id', made);
    expect(await adjustments('amount:asc')).toEqual([a100, a400, a700]);
    expect(await adjustments('amount:desc')).toEqual([a700, a400, a100]);
    expect(await adjustments('requestedAt:asc')).toEqual([a700, a100, a400]);
    expect(await adjustments('requestedAt:desc')).toEqual([a400, a100, a700]);
    expect(await adjustments('amount:desc', mexicoAdmin)).toEqual([]);
  });
});

describe('the audit log and bad sorts', () => {
  it('reads the audit log newest or oldest first', async () => {
    const ids = async (sort: string) =>
      (await list(`/ops/console/audit?pageSize=100&sort=${sort}`)).content.map((e) => BigInt(e.id as string));
    const newest = await ids('at:desc');
    const oldest = await ids('at:asc');
    expect(newest.length).toBeGreaterThan(1);
    expect(newest).toEqual([...newest].sort((a, b) => (a > b ? -1 : 1)));
    expect(oldest).toEqual([...oldest].sort((a, b) => (a < b ? -1 : 1)));
  });

  it('answers 400 naming sort for a key or direction a list does not offer', async () => {
    for (const url of [
      '/ops/console/players?sort=balance:desc',
      '/ops/console/players?sort=createdAt',
      '/ops/payments/withdrawals?sort=amount:sideways',
      '/ops/payments/deposits?sort=id;drop table members:asc',
      '/ops/console/adjustments?sort=createdAt:desc',
      '/ops/console/audit?sort=actor:asc',
    ]) {
      const res = await t.app.inject({ url: encodeURI(url), headers: { cookie: admin.cookie } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', value: { field: 'sort' } });
      expect(res.json().message).toContain('sort');
    }
  });
});
