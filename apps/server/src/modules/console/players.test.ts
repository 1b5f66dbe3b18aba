import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper';
import { buildPaymentsApp, ROOT_OPERATOR_KEY } from '../payments/payments-test-kit';
import { consoleKit } from './console-test-kit';

/**
 * Players in the console (issue 15): search by what an operator has at hand, a profile with
 * balances and addresses, and blocking — a blocked player is signed out at once and cannot sign in
 * again until unblocked. Merchant-limited operators see only their merchant's players.
 */
let t: TestApp;
let kit: ReturnType<typeof consoleKit>;
beforeAll(async () => {
  t = await buildPaymentsApp();
  kit = consoleKit(t.app, ROOT_OPERATOR_KEY);
});
afterAll(() => t.app.close());

const PASSWORD = 'player password 1';
let n = 0;
/** A player registered (and signed in) from an address of their own. */
async function player(merchantCode = 'BR') {
  const ip = `10.77.${++n}.9`;
  const username = `blockme${n}${merchantCode.toLowerCase()}`;
  const res = await t.app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    payload: { username, password: PASSWORD, confirmPassword: PASSWORD },
    headers: { merchantCode },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().value.token as string;
  const info = await t.app.inject({ url: '/wps/member/info', headers: { authorization: `Bearer ${token}` } });
  return { username, ip, token, id: String(info.json().value.id), merchantCode };
}
const login = (p: Awaited<ReturnType<typeof player>>) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    payload: { username: p.username, password: PASSWORD },
    headers: { merchantCode: p.merchantCode },
    remoteAddress: p.ip,
  });
const search = (cookie: string, query: string) =>
  t.app.inject({ url: `/ops/console/players?${query}`, headers: { cookie } });

describe('players in the console', () => {
  it('finds a player by id, by the start of the username and by an address they used', async () => {
    const ana = await player();
    const support = await kit.operatorWith(['support']);
    const ids = async (query: string) =>
      (await search(support.cookie, query)).json().value.content.map((p: { id: string }) => p.id);
    expect(await ids(`q=${ana.id}`)).toContain(ana.id);
    expect(await ids(`q=${ana.username.slice(0, -2).toUpperCase()}`)).toContain(ana.id);
    expect(await ids(`q=${ana.ip}`)).toEqual([ana.id]);
    expect(await ids('q=nobody-by-that-name')).toEqual([]);

    const detail = await t.app.inject({
      url: `/ops/console/players/${ana.id}`,
      headers: { cookie: support.cookie },
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().value).toMatchObject({
      username: ana.username,
      merchantCode: 'BR',
      currency: 'BRL',
      blocked: false,
      block: null,
      balances: { cash: 0, bonus: 0, locked: 0, points: 0 },
      sessions: [{ ip: ana.ip, active: true }],
    });
  });

  it('blocks a player: their session ends, sign-in is refused, the reason is kept; unblocking lets them in', async () => {
    const bea = await player();
    const support = await kit.operatorWith(['support']);
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/ops/console/players/${bea.id}/block`,
      headers: { cookie: support.cookie },
      payload: { reason: 'Chargeback fraud reported by the bank' },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().value).toMatchObject({
      blocked: true,
      block: { by: support.username, reason: 'Chargeback fraud reported by the bank' },
      sessions: [{ active: false }],
    });
    const info = await t.app.inject({
      url: '/wps/member/info',
      headers: { authorization: `Bearer ${bea.token}` },
    });
    expect(info.statusCode).toBe(401);
    const refused = await login(bea);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_BLOCKED');
    const blockedOnly = (await search(support.cookie, 'status=blocked')).json().value.content;
    expect(blockedOnly.map((p: { id: string }) => p.id)).toContain(bea.id);
    expect(blockedOnly.every((p: { blocked: boolean }) => p.blocked)).toBe(true);

    const [audit] = await t.db.query<{ actor: string; detail: unknown }>(
      "select actor, detail from operator_audit_log where action like '%/block' order by id desc limit 1",
    );
    expect(audit).toEqual({
      actor: support.username,
      detail: { reason: 'Chargeback fraud reported by the bank' },
    });

    const unblocked = await t.app.inject({
      method: 'POST',
      url: `/ops/console/players/${bea.id}/unblock`,
      headers: { cookie: support.cookie },
    });
    expect(unblocked.json().value).toMatchObject({ blocked: false, block: null });
    expect((await login(bea)).statusCode).toBe(200);
  });

  it('refuses an empty reason, naming the field, and blocks nothing', async () => {
    const cid = await player();
    const support = await kit.operatorWith(['support']);
    const res = await t.app.inject({
      method: 'POST',
      url: `/ops/console/players/${cid.id}/block`,
      headers: { cookie: support.cookie },
      payload: { reason: '  ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().value.field).toBe('reason');
    expect((await login(cid)).statusCode).toBe(200);
  });

  it("hides other merchants' players from a merchant-limited operator", async () => {
    const br = await player('BR');
    const mx = await player('MX');
    const mexico = await kit.operatorWith(['support'], 'MX');
    const found = (await search(mexico.cookie, 'q=blockme')).json().value.content;
    expect(found.every((p: { merchantCode: string }) => p.merchantCode === 'MX')).toBe(true);
    expect(found.map((p: { id: string }) => p.id)).toContain(mx.id);
    const other = await t.app.inject({
      url: `/ops/console/players/${br.id}`,
      headers: { cookie: mexico.cookie },
    });
    expect(other.statusCode).toBe(404);
    const block = await t.app.inject({
      method: 'POST',
      url: `/ops/console/players/${br.id}/block`,
      headers: { cookie: mexico.cookie },
      payload: { reason: 'not mine' },
    });
    expect(block.statusCode).toBe(404);
    expect((await login(br)).statusCode).toBe(200);
  });
});
