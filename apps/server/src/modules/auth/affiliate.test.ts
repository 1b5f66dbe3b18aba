import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
let ip = 0;
const nextIp = () => `10.40.0.${++ip}`;
const register = (username: string, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    remoteAddress: nextIp(),
    payload: { username, password: 'some pass 123', confirmPassword: 'some pass 123', ...extra },
  });

beforeAll(async () => {
  t = await buildTestApp();
  await register('agente01');
  await register('membro01');
  // Agents get their own invitation code from the agent centre; here it is set directly.
  await t.db.query("update members set type = 1, invite_code = 'SORTE77' where username = 'agente01'");
  await t.db.query("update members set invite_code = 'NOTANAGENT' where username = 'membro01'");
});
afterAll(() => t.app.close());

const check = (code: string, merchantCode = 'BR') =>
  t.app.inject({ url: `/wps/agent/affiliate?code=${encodeURIComponent(code)}`, headers: { merchantCode } });

describe('affiliate (invitation) codes', () => {
  it("accepts an agent's code in any letter case", async () => {
    const res = await check('sorte77');
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
  });

  it('refuses unknown codes, codes of plain members and codes of another merchant', async () => {
    for (const res of [await check('NOPE123'), await check('NOTANAGENT'), await check('SORTE77', 'MX')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'Invalid invitation code' });
    }
    const pt = await t.app.inject({ url: '/wps/agent/affiliate?code=NOPE123', headers: { lang: 'pt' } });
    expect(pt.json().message).toBe('Código de convite inválido');
  });

  it('puts a newcomer under the agent whose code they typed, and refuses a wrong code writing nothing', async () => {
    expect((await register('convidado1', { affiliateCode: 'Sorte77' })).statusCode).toBe(200);
    const [row] = await t.db.query<{ upline: string }>(
      "select a.username as upline from members m join members a on a.id = m.upline_id where m.username = 'convidado1'",
    );
    expect(row?.upline).toBe('agente01');
    const wrong = await register('convidado2', { affiliateCode: 'WRONG99' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_AFFILIATE_CODE');
    expect(await t.db.query("select 1 from members where username = 'convidado2'")).toHaveLength(0);
  });
});
