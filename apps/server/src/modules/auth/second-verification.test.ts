import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
const HOME = '10.20.0.1';
const password = 'second guard 77';

beforeAll(async () => {
  t = await buildTestApp();
  // This merchant asks for mobile, e-mail and payee name at sign-up, so every method is available.
  await t.db.query(
    `update merchant_settings set register_rules = '{"mobileNum":{"enabled":true},"email":{"enabled":true},"payeeName":{"enabled":true}}'
      where merchant_code = 'BR'`,
  );
  const res = await t.app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    remoteAddress: HOME,
    payload: {
      username: 'joana88',
      password,
      confirmPassword: password,
      mobileNum: '11987654321',
      email: 'joana@example.com',
      payeeName: 'Joana Conceição',
    },
  });
  expect(res.statusCode).toBe(200);
});
afterAll(() => t.app.close());

const login = (remoteAddress: string, username = 'joana88', pass = password) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    payload: { username, password: pass },
    remoteAddress,
  });
const send = (challengeId: string, method: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/session/login/verification/send',
    payload: { challengeId, method },
    remoteAddress,
  });
const complete = (challengeId: string, method: string, code: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/session/login/verification',
    payload: { challengeId, method, code },
    remoteAddress,
  });
const lastSms = async () =>
  (
    await t.db.query<{ body: string }>(
      "select body from sms_outbox where mobile = '5511987654321' order by id desc limit 1",
    )
  )[0]?.body.match(/\d{6}/)?.[0] as string;
const lastEmail = async () =>
  (
    await t.db.query<{ body: string }>(
      "select body from email_outbox where to_address = 'joana@example.com' order by id desc limit 1",
    )
  )[0]?.body.match(/\d{6}/)?.[0] as string;

async function challengeFrom(ip: string) {
  const res = await login(ip);
  expect(res.statusCode).toBe(403);
  return res.json().value.challengeId as string;
}

describe('second verification for a new address', () => {
  it('lets the member in from the address they signed up from', async () => {
    const res = await login(HOME);
    expect(res.statusCode).toBe(200);
    expect(res.json().value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('holds a correct login from a new address and offers the methods with masked targets', async () => {
    const res = await login('10.20.0.2');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'SECOND_VERIFICATION_REQUIRED',
      message: 'This device or network is new for your account. Please complete verification first.',
      value: {
        methods: [
          { method: 'sms', target: '11*****4321' },
          { method: 'email', target: 'j***@example.com' },
          { method: 'payeeName', target: '' },
        ],
      },
    });
    expect(JSON.stringify(res.json())).not.toContain('11987654321');
  });

  it('admits the address with the SMS code, once, and remembers it', async () => {
    const ip = '10.20.0.3';
    const challengeId = await challengeFrom(ip);
    expect((await send(challengeId, 'sms', ip)).json().value).toEqual({ expiredMinutes: 5 });
    const code = await lastSms();
    const wrong = await complete(challengeId, 'sms', code === '000000' ? '111111' : '000000', ip);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('code: Please enter a valid verification code');
    const passed = await complete(challengeId, 'sms', code, ip);
    expect(passed.statusCode).toBe(200);
    const token = passed.json().value.token;
    const info = await t.app.inject({ url: '/wps/member/info', headers: { token } });
    expect(info.json().value.account).toBe('joana88');
    const again = await complete(challengeId, 'sms', code, ip);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('CHALLENGE_EXPIRED');
    expect((await login(ip)).statusCode).toBe(200);
  });

  it('admits the address with a code sent to the linked e-mail', async () => {
    const ip = '10.20.0.4';
    const challengeId = await challengeFrom(ip);
    expect((await send(challengeId, 'email', ip)).statusCode).toBe(200);
    const passed = await complete(challengeId, 'email', await lastEmail(), ip);
    expect(passed.statusCode).toBe(200);
  });

  it('accepts the payee name however it is capitalised or accented', async () => {
    const ip = '10.20.0.5';
    const challengeId = await challengeFrom(ip);
    const passed = await complete(challengeId, 'payeeName', '  joana   conceicao ', ip);
    expect(passed.statusCode).toBe(200);
  });

  it('kills the challenge after five wrong answers, even before a right one', async () => {
    const ip = '10.20.0.6';
    const challengeId = await challengeFrom(ip);
    for (let i = 0; i < 5; i++) {
      const wrong = await complete(challengeId, 'payeeName', 'Someone Else', ip);
      expect(wrong.json().message).toBe('code: The name does not match the one on your account');
    }
    const late = await complete(challengeId, 'payeeName', 'Joana Conceição', ip);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      code: 'CHALLENGE_EXPIRED',
      message: 'The verification has expired. Please log in again.',
    });
  });

  it('refuses the challenge from another address, an unknown challenge, and a code of a method not sent', async () => {
    const ip = '10.20.0.7';
    const challengeId = await challengeFrom(ip);
    expect((await complete(challengeId, 'payeeName', 'Joana Conceição', '10.99.0.1')).json().code).toBe(
      'CHALLENGE_EXPIRED',
    );
    expect((await complete('no-such-challenge', 'sms', '123456', ip)).json().code).toBe('CHALLENGE_EXPIRED');
    expect((await send('no-such-challenge', 'sms', ip)).statusCode).toBe(400);
    await send(challengeId, 'sms', ip);
    const smsCode = await lastSms();
    expect((await complete(challengeId, 'email', smsCode, ip)).statusCode).toBe(400);
  });

  it('sends at most one code a second, and an older code stops working once a new one is sent', async () => {
    const ip = '10.20.0.8';
    const challengeId = await challengeFrom(ip);
    // Stands for the second since the last test's SMS: one SMS a second to a number holds for
    // sign-in codes too (added with the SMS pumping limits).
    await t.app.rateLimiter.reset('sms-1s:5511987654321');
    expect((await send(challengeId, 'sms', ip)).statusCode).toBe(200);
    const first = await lastSms();
    const tooSoon = await send(challengeId, 'sms', ip);
    expect(tooSoon.statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect((await send(challengeId, 'email', ip)).statusCode).toBe(200);
    expect((await complete(challengeId, 'sms', first, ip)).statusCode).toBe(400);
    expect((await complete(challengeId, 'email', await lastEmail(), ip)).statusCode).toBe(200);
  });

  it('does not challenge a member with nothing to verify with, nor anyone when the merchant turns it off', async () => {
    const plain = 'plain pass 123';
    await t.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      remoteAddress: '10.21.0.1',
      payload: { username: 'semdados1', password: plain, confirmPassword: plain },
    });
    expect((await login('10.21.0.2', 'semdados1', plain)).statusCode).toBe(200);
    await t.db.query(
      `update merchant_settings set whitelabel = whitelabel || '{"SECOND_VERIFICATION": false}' where merchant_code = 'BR'`,
    );
    try {
      expect((await login('10.20.0.99')).statusCode).toBe(200);
    } finally {
      await t.db.query(`update merchant_settings set whitelabel = '{}' where merchant_code = 'BR'`);
    }
  });
});
