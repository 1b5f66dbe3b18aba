import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
const IP = '10.30.0.1';
const password = 'original pass 1';
let session: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.query(
    `update merchant_settings set register_rules = '{"email":{"enabled":true}}' where merchant_code = 'BR'`,
  );
  const res = await t.app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    remoteAddress: IP,
    payload: { username: 'lucas77', password, confirmPassword: password, email: 'Lucas@Example.com' },
  });
  session = res.json().value.token;
});
afterAll(() => t.app.close());

const resetForm = (form: string, remoteAddress = IP) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/member/password/email',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form,
    remoteAddress,
  });
const resetWith = (token: string, newPassword: string, confirmNewPassword = newPassword) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/member/password/reset',
    payload: { token, newPassword, confirmNewPassword },
    remoteAddress: IP,
  });
const login = (pass: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    payload: { username: 'lucas77', password: pass },
    remoteAddress: IP,
  });
const mailCount = async () =>
  Number((await t.db.query<{ n: bigint }>('select count(*) as n from email_outbox'))[0]?.n);
/** The token of the latest reset link, read from the mail as the member would follow it. */
async function linkToken(): Promise<string> {
  const [mail] = await t.db.query<{ body: string }>('select body from email_outbox order by id desc limit 1');
  return mail?.body.match(/\/reset-password\?key=([\w-]+)/)?.[1] as string;
}
/** Another request for the same account, past the one-a-minute limit per username. */
async function requestAgain(remoteAddress: string) {
  await t.app.rateLimiter.reset('email-reset:BR:lucas77');
  return resetForm('username=lucas77&email=lucas%40example.com', remoteAddress);
}

describe('forgot password by e-mail', () => {
  // Changed: an unknown pair used to answer 404 USERNAME_EMAIL_NOT_FOUND, telling a stranger which
  // usernames and e-mails belong together.
  it('answers an unknown username/e-mail pair exactly like a known one, and sends nothing', async () => {
    const unknown = await resetForm('username=lucas77&email=someone%40example.com');
    const stranger = await resetForm('username=nobody99&email=lucas%40example.com', '10.30.0.2');
    for (const res of [unknown, stranger]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, code: 'OK', message: expect.any(String), value: null });
    }
    expect(await mailCount()).toBe(0);
  });

  it('names an empty or malformed field', async () => {
    const empty = await resetForm('username=lucas77&email=', '10.30.0.3');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('email: Input cannot be empty');
    const bad = await resetForm('username=lucas77&email=not-an-address', '10.30.0.4');
    expect(bad.json().message).toBe('email: Please enter a valid e-mail address');
    const missing = await resetForm('username=lucas77', '10.30.0.5');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().value.field).toBe('email');
  });

  // Changed: the request used to set a mailed password at once and end the member's sessions.
  it('reset request does not change the password; the link does, once, and ends every session', async () => {
    await t.app.rateLimiter.reset('email-reset:BR:lucas77'); // the first test asked a minute ago
    const known = await resetForm('username=LUCAS77&email=lucas%40example.com', '10.30.0.6');
    expect(known.json()).toEqual({ success: true, code: 'OK', message: expect.any(String), value: null });
    const [mail] = await t.db.query<{ to_address: string; body: string }>(
      'select to_address, body from email_outbox order by id desc limit 1',
    );
    expect(mail?.to_address).toBe('Lucas@Example.com');
    expect(mail?.body).not.toMatch(/password is/i);
    const token = await linkToken();
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    // Nothing has changed yet: the old password and the open session still work.
    expect((await t.app.inject({ url: '/wps/member/info', headers: { token: session } })).statusCode).toBe(
      200,
    );
    const stored = await t.db.query<{ token_hash: string }>('select token_hash from password_reset_tokens');
    expect(stored.some((r) => r.token_hash.includes(token))).toBe(false);

    const mismatch = await resetWith(token, 'my own pass 22', 'my own pass 23');
    expect(mismatch.json()).toMatchObject({ value: { field: 'confirmNewPassword' } });
    const short = await resetWith(token, 'short');
    expect(short.json()).toMatchObject({ message: 'newPassword: 8-64 characters' });
    expect((await resetWith(token, 'my own pass 22')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/wps/member/info', headers: { token: session } })).statusCode).toBe(
      401,
    );
    const again = await resetWith(token, 'another pass 33');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'RESET_LINK_INVALID',
      message: 'This reset link is invalid, has expired or was already used. Please ask for a new one.',
    });
    const fresh = await login('my own pass 22');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().value.passwordExpired).toBe(false);
  });

  it('refuses an expired link, and an older link once a newer one was used', async () => {
    await requestAgain('10.30.0.9');
    const old = await linkToken();
    await t.db.query("update password_reset_tokens set expires_at = now() - interval '1 second'");
    expect((await resetWith(old, 'expired pass 44')).json().code).toBe('RESET_LINK_INVALID');

    await requestAgain('10.30.0.10');
    const first = await linkToken();
    await requestAgain('10.30.0.11');
    const second = await linkToken();
    expect((await resetWith(second, 'newest pass 55')).statusCode).toBe(200);
    expect((await resetWith(first, 'older pass 66')).json().code).toBe('RESET_LINK_INVALID');
  });

  it('answers a known and an unknown pair in about the same time', async () => {
    const time = async (form: string, ip: string) => {
      const started = performance.now();
      await resetForm(form, ip);
      return performance.now() - started;
    };
    await t.app.rateLimiter.reset('email-reset:BR:lucas77');
    const known = await time('username=lucas77&email=lucas%40example.com', '10.30.0.12');
    const unknown = await time('username=ghost77&email=ghost%40example.com', '10.30.0.13');
    // Both wait for the same floor; sending only happens inside it.
    expect(known).toBeGreaterThanOrEqual(140);
    expect(unknown).toBeGreaterThanOrEqual(140);
  });

  it('accepts one request a minute for a username, known or not', async () => {
    for (const form of [
      'username=lucas77&email=lucas%40example.com',
      'username=ghost88&email=g%40example.com',
    ]) {
      await resetForm(form, '10.30.0.7');
      const res = await resetForm(form, '10.30.0.7');
      expect(res.statusCode).toBe(429);
      expect(res.json().value.retryAfterSeconds).toBeGreaterThan(0);
    }
  });

  it('also accepts the fields as JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      payload: { username: 'ghost1', email: 'ghost@example.com' },
      remoteAddress: '10.30.0.8',
    });
    expect(res.statusCode).toBe(200);
  });
});
