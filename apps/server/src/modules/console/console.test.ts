import { randomUUID } from 'node:crypto';
import { operatorRoleNames, permissionsOf } from '@sorte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper';
import { verifyAuditRows } from '../audit/audit-chain';
import {
  bindPix,
  buildPaymentsApp,
  depositPaid,
  newMember,
  PAYMENT_PASSWORD,
  ROOT_OPERATOR_KEY,
} from '../payments/payments-test-kit';
import { CHALLENGE_ATTEMPTS } from './console-auth.service';
import { CONSOLE_COOKIE, CONSOLE_IDLE_MS } from './console-sessions';
import { consoleKit, cookieOf } from './console-test-kit';
import { OperatorUsersRepository } from './operator-users.repository';
import { provisionAdmin } from './operator-users.service';
import { totpCode } from './totp';

/**
 * The operator console's accounts (issue 15): password + TOTP (enrolment with recovery codes),
 * sessions in an HttpOnly cookie, roles as sets of permissions enforced on every operator route of
 * the route table, merchant scoping, and every operator write in the audit log.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildPaymentsApp();
});
afterAll(() => t.app.close());

let post: ReturnType<typeof consoleKit>['post'];
let operatorWith: ReturnType<typeof consoleKit>['operatorWith'];
let me: ReturnType<typeof consoleKit>['me'];
beforeAll(() => {
  ({ post, operatorWith, me } = consoleKit(t.app, ROOT_OPERATOR_KEY));
});
let userCount = 0;

describe('signing in to the console', () => {
  it('enrols TOTP at the first sign-in, shows ten recovery codes once, and opens a cookie session', async () => {
    const { password } = await provisionAdmin(new OperatorUsersRepository(t.db), 'alice', {
      reset: false,
      createdBy: 'test',
    });
    const wrong = await post('/ops/console/sign-in', { username: 'alice', password: 'not it' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');

    const first = await post('/ops/console/sign-in', { username: 'alice', password });
    const { challenge, enrol } = first.json().value;
    const badCode = await post('/ops/console/sign-in/second-factor', { challenge, code: '000000' });
    expect(badCode.statusCode).toBe(401);
    expect(badCode.json().code).toBe('INVALID_TOTP_CODE');
    expect((await me('')).statusCode).toBe(401);

    const second = await post('/ops/console/sign-in/second-factor', {
      challenge,
      code: totpCode(enrol.secret, new Date()),
    });
    expect(second.statusCode, second.body).toBe(200);
    const cookie = String([second.headers['set-cookie']].flat()[0]);
    expect(cookie).toMatch(new RegExp(`^${CONSOLE_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/ops');
    const { operator, recoveryCodes } = second.json().value;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(operator).toMatchObject({ username: 'alice', roles: ['admin'], merchantCode: null });
    expect(operator.permissions).toEqual(permissionsOf(['admin']));

    const session = await me(cookieOf(second.headers['set-cookie']));
    expect(session.statusCode).toBe(200);
    expect(session.json().value.username).toBe('alice');
    // The challenge was spent: it cannot open a second session.
    const again = await post('/ops/console/sign-in/second-factor', {
      challenge,
      code: totpCode(enrol.secret, new Date()),
    });
    expect(again.json().code).toBe('CHALLENGE_EXPIRED');
  });

  it('asks enrolled operators for a code, takes each code once, and each recovery code once', async () => {
    const bob = await operatorWith(['support']);
    const password = 'bob password for the test';
    await t.db.query('update operator_users set password_hash = $2 where username = $1', [
      bob.username,
      await import('../auth/passwords').then((p) => p.hashPassword(password)),
    ]);
    const signIn = async () => {
      const first = await post('/ops/console/sign-in', { username: bob.username, password });
      expect(first.json().value.enrol).toBeNull();
      return first.json().value.challenge as string;
    };
    // The code of the step enrolment used is spent; the next step's is still good (clock drift).
    const used = totpCode(bob.secret, new Date());
    expect(
      (await post('/ops/console/sign-in/second-factor', { challenge: await signIn(), code: used })).json()
        .code,
    ).toBe('INVALID_TOTP_CODE');
    const next = totpCode(bob.secret, new Date(Date.now() + 30_000));
    const ok = await post('/ops/console/sign-in/second-factor', { challenge: await signIn(), code: next });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.recoveryCodes).toBeNull();
    expect(
      (await post('/ops/console/sign-in/second-factor', { challenge: await signIn(), code: next })).json()
        .code,
    ).toBe('INVALID_TOTP_CODE');

    const recovery = bob.recoveryCodes[0] as string;
    const typed = recovery.toLowerCase().replace('-', ' ');
    const byRecovery = await post('/ops/console/sign-in/second-factor', {
      challenge: await signIn(),
      recoveryCode: typed,
    });
    expect(byRecovery.statusCode, byRecovery.body).toBe(200);
    const reused = await post('/ops/console/sign-in/second-factor', {
      challenge: await signIn(),
      recoveryCode: recovery,
    });
    expect(reused.json().code).toBe('INVALID_TOTP_CODE');
  });

  it(`voids a challenge after ${CHALLENGE_ATTEMPTS} wrong codes`, async () => {
    const { password } = await provisionAdmin(new OperatorUsersRepository(t.db), 'carol', {
      reset: false,
      createdBy: 'test',
    });
    const { challenge, enrol } = (await post('/ops/console/sign-in', { username: 'carol', password })).json()
      .value;
    for (let i = 0; i < CHALLENGE_ATTEMPTS; i++)
      expect(
        (await post('/ops/console/sign-in/second-factor', { challenge, code: '000000' })).json().code,
      ).toBe('INVALID_TOTP_CODE');
    const right = await post('/ops/console/sign-in/second-factor', {
      challenge,
      code: totpCode(enrol.secret, new Date()),
    });
    expect(right.json().code).toBe('CHALLENGE_EXPIRED');
  });

  it('refuses bad input with 400 naming the field', async () => {
    const res = await post('/ops/console/sign-in/second-factor', { challenge: 'x', code: '12ab56' });
    expect(res.statusCode).toBe(400);
    expect(res.json().value.field).toBe('code');
  });

  it('ends a session on sign-out, after the idle limit, and when the operator is disabled', async () => {
    const dave = await operatorWith(['finance']);
    const out = await post('/ops/console/sign-out', {}, dave.cookie);
    expect(out.statusCode).toBe(200);
    expect(String([out.headers['set-cookie']].flat()[0])).toContain('Max-Age=0');
    expect((await me(dave.cookie)).statusCode).toBe(401);

    const erin = await operatorWith(['finance']);
    await t.db.query(
      `update operator_sessions set last_seen_at = now() - make_interval(secs => $1)
        where operator_id = (select id from operator_users where username = $2)`,
      [CONSOLE_IDLE_MS / 1000 + 1, erin.username],
    );
    expect((await me(erin.cookie)).statusCode).toBe(401);

    const frank = await operatorWith(['finance']);
    const [row] = await t.db.query<{ id: string }>(
      'select id::text as id from operator_users where username = $1',
      [frank.username],
    );
    const disable = await t.app.inject({
      method: 'PATCH',
      url: `/ops/console/operators/${row?.id}`,
      headers: { 'x-operator-key': ROOT_OPERATOR_KEY },
      payload: { disabled: true },
    });
    expect(disable.statusCode, disable.body).toBe(200);
    expect(disable.json().value.disabled).toBe(true);
    expect((await me(frank.cookie)).statusCode).toBe(401);
  });
});

describe('roles and permissions', () => {
  it('answers 403 on every operator route of the route table whose permission a role lacks, 401 with no one signed in', async () => {
    const routes = t.app.operatorRoutes;
    // The table holds the console's, the payments', the ledger's, the agents' and the settings' calls.
    expect(routes.length).toBeGreaterThan(15);
    const urlOf = (url: string) =>
      url.replace(/:(\w+)/g, (_, name: string) => (name === 'merchantCode' ? 'BR' : '1'));
    for (const route of routes) {
      const res = await t.app.inject({ method: route.method as 'GET', url: urlOf(route.url) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    for (const role of operatorRoleNames) {
      const { cookie } = await operatorWith([role]);
      const granted = permissionsOf([role]);
      const forbidden = routes.filter((route) => !granted.includes(route.permission));
      for (const route of forbidden) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: urlOf(route.url),
          headers: { cookie },
        });
        expect(res.statusCode, `${role}: ${route.method} ${route.url}`).toBe(403);
      }
      // And what it may do gets past the guard (whatever the call then says about its input).
      for (const route of routes.filter((r) => granted.includes(r.permission) && r.method === 'GET')) {
        const res = await t.app.inject({ url: urlOf(route.url), headers: { cookie } });
        expect([401, 403], `${role}: GET ${route.url}`).not.toContain(res.statusCode);
      }
    }
  });

  it('keeps an operator from changing their own access', async () => {
    const admin = await operatorWith(['admin']);
    const [row] = await t.db.query<{ id: string }>(
      'select id::text as id from operator_users where username = $1',
      [admin.username],
    );
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/ops/console/operators/${row?.id}`,
      headers: { cookie: admin.cookie },
      payload: { disabled: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('OWN_ACCESS_UNCHANGEABLE');
  });

  it('refuses a username already taken', async () => {
    const admin = await operatorWith(['admin']);
    const payload = { username: 'grace', roles: ['support'] };
    const headers = { cookie: admin.cookie };
    expect(
      (await t.app.inject({ method: 'POST', url: '/ops/console/operators', headers, payload })).statusCode,
    ).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/ops/console/operators', headers, payload });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('USERNAME_TAKEN');
  });
});

describe('merchant scoping and the withdrawals queue', () => {
  it("shows a merchant-limited operator only that merchant's withdrawals, and lets them decide only those", async () => {
    const member = await newMember(t.app, 'BR');
    await depositPaid(t.app, member, 20_000);
    const payee = (await bindPix(t.app, member)).json().value.id as string;
    const made = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/withdraw',
      headers: member.headers,
      payload: {
        payeeAccountId: payee,
        amount: 5_000,
        paymentPassword: PAYMENT_PASSWORD,
        requestId: randomUUID(),
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const withdrawalId = made.json().value.withdrawalId as string;

    const mexico = await operatorWith(['finance'], 'MX');
    const brazil = await operatorWith(['finance'], 'BR');
    const list = async (cookie: string) =>
      (await t.app.inject({ url: '/ops/payments/withdrawals?status=locked', headers: { cookie } })).json()
        .value.content as Array<{ withdrawalId: string; username: string; merchantCode: string }>;

    expect((await list(mexico.cookie)).map((w) => w.withdrawalId)).not.toContain(withdrawalId);
    const seen = (await list(brazil.cookie)).find((w) => w.withdrawalId === withdrawalId);
    expect(seen).toMatchObject({ merchantCode: 'BR', username: expect.stringMatching(/^paybr/) });

    const decide = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: `/ops/payments/withdrawals/${withdrawalId}/approve`,
        headers: { cookie },
      });
    expect((await decide(mexico.cookie)).statusCode).toBe(404);
    const approved = await decide(brazil.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().value.operator).toBe(brazil.username);
  });

  it('lists waiting withdrawals first, the oldest of them first', async () => {
    const admin = await operatorWith(['admin']);
    const content = (
      await t.app.inject({ url: '/ops/payments/withdrawals?pageSize=100', headers: { cookie: admin.cookie } })
    ).json().value.content as Array<{ status: string; createdAt: string }>;
    const waiting = content.filter((w) => w.status === 'locked');
    expect(content.slice(0, waiting.length)).toEqual(waiting);
    expect(waiting.map((w) => w.createdAt)).toEqual([...waiting.map((w) => w.createdAt)].sort());
  });
});

describe('the audit log of console users', () => {
  it("records console users' writes under their name (codes redacted) and shows the chain to audit.read", async () => {
    const admin = await operatorWith(['admin']);
    const created = await t.app.inject({
      method: 'POST',
      url: '/ops/console/operators',
      headers: { cookie: admin.cookie },
      payload: { username: `audited${++userCount}`, roles: ['content'] },
    });
    expect(created.statusCode).toBe(200);
    const page = await t.app.inject({
      url: `/ops/console/audit?actor=${admin.username}`,
      headers: { cookie: admin.cookie },
    });
    expect(page.statusCode, page.body).toBe(200);
    const actions = page.json().value.content.map((row: { action: string }) => row.action);
    expect(actions).toEqual(['POST /ops/console/operators', 'POST /ops/console/sign-in/second-factor']);
    const signIn = page.json().value.content[1];
    expect(signIn.detail).toEqual({ challenge: '[redacted]', code: '[redacted]' });
    expect(await verifyAuditRows(t.app.audit.rows())).toMatchObject({ ok: true });

    const support = await operatorWith(['support']);
    expect(
      (await t.app.inject({ url: '/ops/console/audit', headers: { cookie: support.cookie } })).statusCode,
    ).toBe(403);
  });

  it('keeps what a change replaced beside what was sent, and the chain catches an edit of it', async () => {
    const admin = await operatorWith(['admin']);
    const target = await operatorWith(['support']);
    const [row] = await t.db.query<{ id: string }>(
      'select id::text as id from operator_users where username = $1',
      [target.username],
    );
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/ops/console/operators/${row?.id}`,
      headers: { cookie: admin.cookie },
      payload: { roles: ['support', 'risk'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [entry] = await t.db.query<{
      id: bigint;
      detail: unknown;
      before: { roles: string[]; disabled: boolean };
    }>(
      `select id, detail, before_state as before from operator_audit_log
        where actor = $1 and action like 'PATCH %' order by id desc limit 1`,
      [admin.username],
    );
    expect(entry?.detail).toEqual({ roles: ['support', 'risk'] });
    expect(entry?.before).toMatchObject({ username: target.username, roles: ['support'], disabled: false });
    expect(await verifyAuditRows(t.app.audit.rows())).toMatchObject({ ok: true });

    await t.db.query(`update operator_audit_log set before_state = '{"roles":["admin"]}' where id = $1`, [
      entry?.id,
    ]);
    expect(await verifyAuditRows(t.app.audit.rows())).toMatchObject({
      ok: false,
      brokenAt: entry?.id,
      reason: 'edited',
    });
    await t.db.query('update operator_audit_log set before_state = $2 where id = $1', [
      entry?.id,
      JSON.stringify(entry?.before),
    ]);
    expect(await verifyAuditRows(t.app.audit.rows())).toMatchObject({ ok: true });
  });
});
