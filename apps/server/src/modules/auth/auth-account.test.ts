import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { DEMO_AGENT_PASSWORD, demoAgentSeeder } from '../../seed/demo-agent';
import { DEMO_PASSWORD, demoMemberSeeder } from '../../seed/demo-member';
import { runSeeders } from '../../seed/run-seeders';
import { verifyLedger } from '../ledger/ledger-verify';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, (app) => {
    // Stands in for any member call (wallet, games) that a pending password change must hold back.
    app.get('/test/member-only', { preHandler: app.authenticate }, async () => ({ ok: true }));
  });
});
afterAll(() => t.app.close());

const password = 'first password 1';
async function registered(username: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    payload: { username, password, confirmPassword: password },
  });
  return res.json().value.token as string;
}
const changePassword = (token: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/member/password',
    headers: { token, ...headers },
    payload: body,
  });

describe('free play', () => {
  it('opens a trial account (type 4) with 1,000.00 of play money that may not change a password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: { os: 'android', platform: 'W', gatewayVersion: 3 },
      remoteAddress: '10.1.1.1',
    });
    expect(res.statusCode).toBe(200);
    const token = res.json().value.token;
    const info = (await t.app.inject({ url: '/wps/member/info', headers: { token } })).json().value;
    // Its balance is play money (DECISIONS.md "trial (free play) accounts"), never real money.
    expect(info).toMatchObject({ type: 4, isTrial: true, balance: 100_000, currency: 'FUN' });
    expect(info.account).toMatch(/^guest[0-9a-f]{10}$/);
    const refused = await changePassword(
      token,
      { oldPassword: 'x', newPassword: 'y'.repeat(8), confirmNewPassword: 'y'.repeat(8) },
      { lang: 'PT' },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Registre uma conta primeiro');
  });

  it('limits how many trial accounts one address opens in an hour', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/wps/session/login/freeplay',
            payload: {},
            remoteAddress: '10.1.1.2',
          })
        ).statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('change password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const token = await registered('carla55');
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        payload: { username: 'carla55', password },
      })
    ).json().value.token;
    const res = await changePassword(token, {
      oldPassword: password,
      newPassword: 'second password 2',
      confirmNewPassword: 'second password 2',
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/wps/member/info', headers: { token } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/wps/member/info', headers: { token: other } })).statusCode).toBe(401);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'carla55', password },
      remoteAddress: '10.2.0.1',
    });
    expect(oldLogin.statusCode).toBe(401);
  });

  it.each([
    [
      'a wrong current password',
      {
        oldPassword: 'not it at all',
        newPassword: 'second password 2',
        confirmNewPassword: 'second password 2',
      },
      'oldPassword: The current password is not correct.',
    ],
    [
      'a short new password',
      { oldPassword: password, newPassword: 'short', confirmNewPassword: 'short' },
      'newPassword: 8-64 characters',
    ],
    [
      'a different confirmation',
      { oldPassword: password, newPassword: 'second password 2', confirmNewPassword: 'second password 3' },
      'confirmNewPassword: Confirmation password is not correct.',
    ],
  ])('refuses %s and keeps the old password', async (_name, body, message) => {
    const token = await registered(`dora${Math.floor(Math.random() * 1e6)}`);
    const res = await changePassword(token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('holds other member calls until a required password change is made', async () => {
    const token = await registered('elisa66');
    await t.db.query("update members set must_change_password = true where username = 'elisa66'");
    const login = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'elisa66', password },
      remoteAddress: '10.3.0.1',
    });
    expect(login.json().value.passwordExpired).toBe(true);
    const held = await t.app.inject({ url: '/test/member-only', headers: { token } });
    expect(held.statusCode).toBe(403);
    expect(held.json()).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
    const res = await changePassword(token, {
      oldPassword: password,
      newPassword: 'second password 2',
      confirmNewPassword: 'second password 2',
    });
    expect(res.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'elisa66', password: 'second password 2' },
      remoteAddress: '10.3.0.2',
    });
    expect(again.json().value.passwordExpired).toBe(false);
    expect((await t.app.inject({ url: '/test/member-only', headers: { token } })).statusCode).toBe(200);
  });
});

describe('demo member seed', () => {
  it('creates demo holding R$ 1,000.00 once, with a balanced ledger', async () => {
    await runSeeders(t.app, [demoMemberSeeder]);
    await runSeeders(t.app, [demoMemberSeeder]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'demo', password: DEMO_PASSWORD },
      remoteAddress: '10.4.0.1',
    });
    const info = (
      await t.app.inject({ url: '/wps/member/info', headers: { token: login.json().value.token } })
    ).json().value;
    expect(info).toMatchObject({ account: 'demo', balance: 100_000, currency: 'BRL' });
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('creates an agent whose invitation code works and who may use the agent login page', async () => {
    await runSeeders(t.app, [demoAgentSeeder]);
    await runSeeders(t.app, [demoAgentSeeder]);
    expect((await t.app.inject('/wps/agent/affiliate?code=sorte2026')).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'agent', password: DEMO_AGENT_PASSWORD, loginFrom: 'agent' },
      remoteAddress: '127.0.0.1',
    });
    expect(login.statusCode).toBe(200);
    const info = (
      await t.app.inject({ url: '/wps/member/info', headers: { token: login.json().value.token } })
    ).json().value;
    expect(info).toMatchObject({ account: 'agent', type: 1, isAgent: true });
  });
});
