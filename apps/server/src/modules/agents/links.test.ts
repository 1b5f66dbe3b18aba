import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { fund, registerAgent, registerMember, type TestMember } from '../records/test-support';

let t: TestApp;
let boss: TestMember;
let ip = 0;

/** Registers through an invitation link opened on `domain` (the request's Host). */
async function joinVia(domain: string, username: string, affiliateCode = 'LINKBOSS') {
  const password = 'links pass 1';
  const res = await t.app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    payload: { username, password, confirmPassword: password, affiliateCode },
    headers: { host: domain, merchantCode: 'BR' },
    remoteAddress: `10.94.0.${++ip}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [member] = await t.db.query<{ id: bigint }>('select id from members where username_key = $1', [
    username,
  ]);
  return member?.id as bigint;
}

const links = (token: string, host = 'agents.sorte.example') =>
  t.app.inject({ url: '/wps/agent/links', headers: { token, host } });

beforeAll(async () => {
  t = await buildTestApp();
  boss = await registerAgent(t.app, 'linkboss1', 'LINKBOSS');
  await t.db.query(
    `insert into domain_routes (merchant_code, domain, route, purpose, sort)
     values ('BR', 'sorte.example', '/', 'MAIN', 0), ('BR', 'mirror.sorte.example', '/', 'MIRROR', 1),
            ('BR', 'agents.sorte.example', '/agent', 'AGENT', 2)`,
  );
  const first = await joinVia('mirror.sorte.example', 'linkmem1');
  await joinVia('mirror.sorte.example', 'linkmem2');
  await joinVia('sorte.example', 'linkmem3');
  await registerMember(t.app, 'linkmem4', { affiliateCode: 'LINKBOSS' }); // on localhost
  await registerMember(t.app, 'linkmem5'); // nobody's downline: not the agent's
  await fund(t.app, first, 5_000n);
  await t.app.agents.rollups.catchUp();
});
afterAll(() => t.app.close());

describe('domain/link management', () => {
  it("lists the agent's link on each player domain with the registrations and first depositors it brought", async () => {
    const res = await links(boss.token, 'sorte.example');
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json().value;
    expect(value.inviteCode).toBe('LINKBOSS');
    expect(value.links).toEqual([
      {
        domain: 'sorte.example',
        url: 'https://sorte.example/register?affiliateCode=LINKBOSS',
        registrations: 1,
        firstDepositors: 0,
      },
      {
        domain: 'mirror.sorte.example',
        url: 'https://mirror.sorte.example/register?affiliateCode=LINKBOSS',
        registrations: 2,
        firstDepositors: 1,
      },
      // Where the member who registered in the test's default host came from.
      { domain: 'localhost', url: expect.any(String), registrations: 1, firstDepositors: 0 },
    ]);
    expect(value.other).toEqual({ registrations: 0, firstDepositors: 0 });
  });

  it('puts the domain the agent is using first when the merchant has not listed it', async () => {
    const value = (await links(boss.token, 'agents.sorte.example:8443')).json().value;
    expect(value.links[0].url).toBe('http://agents.sorte.example:8443/register?affiliateCode=LINKBOSS');
    expect(value.links.map((l: { domain: string }) => l.domain)).toEqual([
      'agents.sorte.example',
      'sorte.example',
      'mirror.sorte.example',
      'localhost',
    ]);
  });

  it('counts downlines who joined without a link apart, and records nothing for a failed registration', async () => {
    await t.db.query(
      `insert into members (merchant_code, username, username_key, password_hash, upline_id)
       select 'BR', 'linkmem6', 'linkmem6', password_hash, id from members where username_key = 'linkboss1'`,
    );
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      payload: {
        username: 'linkmem1',
        password: 'links pass 1',
        confirmPassword: 'links pass 1',
        affiliateCode: 'LINKBOSS',
      },
      headers: { host: 'sorte.example', merchantCode: 'BR' },
      remoteAddress: '10.94.1.1',
    });
    expect(refused.statusCode).toBe(409);
    const value = (await links(boss.token, 'sorte.example')).json().value;
    expect(value.other).toEqual({ registrations: 1, firstDepositors: 0 });
    expect(value.links[0]).toMatchObject({ domain: 'sorte.example', registrations: 1 });
  });

  it('is for agents only', async () => {
    const member = await registerMember(t.app, 'linkmem7');
    const res = await links(member.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('AGENT_ONLY');
  });
});
