import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createOperatorKey } from '../../plugins/operator-auth';
import { registerAgent, registerMember, type TestMember } from '../records/test-support';

let t: TestApp;
let agentsKey: string;
// boss (agent with a house daily salary contract at 1.00%) and plain (a member, not an agent).
let boss: TestMember;
let plain: TestMember;

const daily = (rateBp: number) => ({
  kind: 'dailySalary' as const,
  minBetAmount: 1_000,
  minActiveMembers: 0,
  feeRateBp: 0,
  tiers: [{ minTurnover: 0, minActiveMembers: 0, rateBp }],
});

const register = (token: string, payload: object, lang = 'en') =>
  t.app.inject({ method: 'POST', url: '/wps/agent/register', headers: { token, lang }, payload });

const login = (username: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    payload: { username, password },
    remoteAddress: ip,
  });

beforeAll(async () => {
  t = await buildTestApp();
  agentsKey = await createOperatorKey(t.db, 'agents-desk', ['agents']);
  boss = await registerAgent(t.app, 'bossagt1', 'BOSSAGT');
  plain = await registerMember(t.app, 'plainmem1');
  const offered = await t.app.inject({
    method: 'POST',
    url: '/ops/agents/contracts',
    headers: { 'x-operator-key': agentsKey },
    payload: { agentId: boss.id.toString(), terms: daily(100) },
  });
  expect(offered.statusCode, offered.body).toBe(200);
  const accepted = await t.app.inject({
    method: 'POST',
    url: `/wps/agent/contracts/${offered.json().value.id}/accept`,
    headers: { token: boss.token },
    payload: {},
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
});
afterAll(() => t.app.close());

describe('register centre', () => {
  it('creates a direct downline member with the default password, to be changed at first login', async () => {
    const res = await register(boss.token, { username: 'newmem01', nickname: 'Nina', type: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().value;
    expect(created).toMatchObject({ username: 'newmem01', nickname: 'Nina', type: 0, inviteCode: null });
    expect(created.initialPassword).toBe('sorte1234');

    const signIn = await login('newmem01', created.initialPassword, '10.77.0.1');
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().value.passwordExpired).toBe(true);
    const token = signIn.json().value.token as string;
    // Nothing but the password change until it is done.
    expect((await t.app.inject({ url: '/wps/agent/team/downlines', headers: { token } })).statusCode).toBe(
      403,
    );
    const changed = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password',
      headers: { token },
      payload: {
        oldPassword: 'sorte1234',
        newPassword: 'my own pass 9',
        confirmNewPassword: 'my own pass 9',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await t.app.inject({ url: '/wps/member/info', headers: { token } })).statusCode).toBe(200);

    // In the agent's team, one level down.
    const team = await t.app.inject({ url: '/wps/agent/team/downlines', headers: { token: boss.token } });
    const rows = team.json().value.content as Array<{ username: string; level: number }>;
    expect(rows.find((r) => r.username === 'newmem01')?.level).toBe(1);
  });

  it('creates a downline agent with an invitation code and offers it a contract it can accept', async () => {
    const res = await register(boss.token, { username: 'newagt01', type: 1, contract: daily(60) });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().value;
    expect(created.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(created.contractId).toMatch(/^\d+$/);

    const signIn = await login('newagt01', 'sorte1234', '10.77.0.2');
    const token = signIn.json().value.token as string;
    await t.app.inject({
      method: 'POST',
      url: '/wps/member/password',
      headers: { token },
      payload: {
        oldPassword: 'sorte1234',
        newPassword: 'agent pass 22',
        confirmNewPassword: 'agent pass 22',
      },
    });
    const view = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/contracts/dailySalary',
      headers: { token },
      payload: {},
    });
    expect(view.json().value.offers.map((o: { id: string }) => o.id)).toEqual([created.contractId]);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/wps/agent/contracts/${created.contractId}/accept`,
      headers: { token },
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().value.contract.status).toBe('active');
  });

  it('refuses an offer above the agent’s own rate before making the account', async () => {
    const res = await register(boss.token, { username: 'greedy01', type: 1, contract: daily(150) }, 'pt');
    expect(res.statusCode).toBe(400);
    expect(res.json().value.field).toBe('contract.tiers.0.rateBp');
    expect(res.json().message).toContain('1.50%');
    expect((await login('greedy01', 'sorte1234', '10.77.0.3')).statusCode).toBe(401);
  });

  it('refuses a contract for a plain member account', async () => {
    const res = await register(boss.token, { username: 'plainc01', type: 0, contract: daily(50) });
    expect(res.statusCode).toBe(400);
    expect(res.json().value.field).toBe('contract');
  });

  it('refuses a taken username, in the caller’s language', async () => {
    const res = await register(boss.token, { username: 'NEWMEM01', type: 0 }, 'es');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Este nombre de usuario ya está registrado.');
  });

  it('refuses bad input with a localised 4xx naming the field', async () => {
    const badName = await register(boss.token, { username: '1x', type: 0 }, 'pt');
    expect(badName.statusCode).toBe(400);
    expect(badName.json().value.field).toBe('username');
    const badType = await register(boss.token, { username: 'okname01', type: 4 });
    expect(badType.statusCode).toBe(400);
    expect(JSON.stringify(badType.json())).toContain('type');
  });

  it('refuses members who are not agents, and callers without a session', async () => {
    expect((await register(plain.token, { username: 'sneaky01', type: 0 })).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/wps/agent/register',
      payload: { username: 'sneaky02', type: 0 },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
