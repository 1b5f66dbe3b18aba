import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { verifyAuditRows } from './audit-chain';

/**
 * The operator audit log (issue 15): every operator write that succeeded is appended, chained by
 * SHA-256 to the row before; the verifier names the first row an edit or a deletion broke.
 */
const OPERATOR_KEY = 'operator key of the audit log tests 0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ operatorApiKey: OPERATOR_KEY });
});
afterAll(() => t.app.close());

const maintenance = (key: string, maintenance: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/ops/system/maintenance',
    headers: { 'x-operator-key': key },
    payload: { merchantCode: 'BR', maintenance },
  });
const rows = () =>
  t.db.query<{
    id: bigint;
    actor: string;
    action: string;
    merchant: string;
    detail: unknown;
    status: number;
  }>('select id, actor, action, merchant, detail, status from operator_audit_log order by id');
const verify = () => verifyAuditRows(t.app.audit.rows(2));
const closed = { title: { EN: 'Maintenance' }, info: { EN: 'Back soon.' } };

describe('operator audit log', () => {
  it('records a successful operator write with who, what and where, and nothing for reads or refusals', async () => {
    expect((await maintenance(OPERATOR_KEY, closed)).statusCode).toBe(200);
    expect((await maintenance('not the key', null)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: '/ops/load', headers: { 'x-operator-key': OPERATOR_KEY } })).statusCode,
    ).toBe(200);
    expect(await rows()).toEqual([
      {
        id: expect.anything(),
        actor: 'root',
        action: 'PUT /ops/system/maintenance',
        merchant: 'BR',
        detail: { merchantCode: 'BR', maintenance: closed },
        status: 200,
      },
    ]);
    expect(await verify()).toEqual({ ok: true, rows: 1 });
  });

  it('keeps one unbroken chain under concurrent writes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => maintenance(OPERATOR_KEY, i % 2 ? null : closed)),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(await verify()).toEqual({ ok: true, rows: 13 });
  });

  it('names the row an edit broke, and the row after a deleted one', async () => {
    const [, second, third, fourth] = await rows();
    await t.db.query(`update operator_audit_log set detail = '{"merchantCode":"MX"}' where id = $1`, [
      second?.id,
    ]);
    expect(await verify()).toEqual({ ok: false, rows: 2, brokenAt: second?.id, reason: 'edited' });

    await t.db.query('update operator_audit_log set detail = $2 where id = $1', [
      second?.id,
      JSON.stringify(second?.detail),
    ]);
    expect((await verify()).ok).toBe(true);
    await t.db.query('delete from operator_audit_log where id = $1', [third?.id]);
    expect(await verify()).toEqual({ ok: false, rows: 3, brokenAt: fourth?.id, reason: 'missing before it' });
  });
});
