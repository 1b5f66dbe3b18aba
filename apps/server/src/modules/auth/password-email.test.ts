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
const mailCount = async () =>
  Number((await t.db.query<{ n: bigint }>('select count(*) as n from email_outbox'))[0]?.n);

describe('forgot password by e-mail', () => {
  it('refuses a username and e-mail that do not belong together, and sends nothing', async () => {
    const res = await resetForm('username=lucas77&email=someone%40example.com');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'USERNAME_EMAIL_NOT_FOUND',
      message: 'Username/Email does not exist',
    });
    expect(await mailCount()).toBe(0);
    const unknown = await resetForm('username=nobody99&email=lucas%40example.com', '10.30.0.2');
    expect(unknown.statusCode).toBe(404);
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

  it('mails a new password, ends every session, and makes the next login change it', async () => {
    const res = await resetForm('username=LUCAS77&email=lucas%40example.com', '10.30.0.6');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, value: null });
    const [mail] = await t.db.query<{ to_address: string; body: string }>(
      'select to_address, body from email_outbox order by id desc limit 1',
    );
    expect(mail?.to_address).toBe('Lucas@Example.com');
    const mailed = mail?.body.match(/password is: (\S+)/)?.[1] as string;
    expect(mailed).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d).{16}$/);
    expect((await t.app.inject({ url: '/wps/member/info', headers: { token: session } })).statusCode).toBe(
      401,
    );

    const login = (pass: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        payload: { username: 'lucas77', password: pass },
        remoteAddress: IP,
      });
    const old = await login(password);
    expect(old.statusCode).toBe(401);
    // The failure above asks for a captcha next time: solve one the way a person would read it.
    const { CaptchaService } = await import('./captcha.service');
    await t.db.query(
      "insert into captchas (id, answer_hash, expires_at) values ('mailcap', $1, now() + interval '5 minutes')",
      [CaptchaService.answerHash('abcde')],
    );
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'lucas77', password: mailed, captchaId: 'mailcap', captcha: 'abcde' },
      remoteAddress: IP,
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().value.passwordExpired).toBe(true);
    const token = fresh.json().value.token;
    const changed = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password',
      headers: { token },
      payload: { oldPassword: mailed, newPassword: 'my own pass 22', confirmNewPassword: 'my own pass 22' },
    });
    expect(changed.statusCode).toBe(200);
  });

  it('sends at most one e-mail a minute for an account', async () => {
    const res = await resetForm('username=lucas77&email=lucas%40example.com', '10.30.0.7');
    expect(res.statusCode).toBe(429);
    expect(res.json().value.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('also accepts the fields as JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      payload: { username: 'ghost1', email: 'ghost@example.com' },
      remoteAddress: '10.30.0.8',
    });
    expect(res.statusCode).toBe(404);
  });
});
