import { randomBytes } from 'node:crypto';
import { createChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { CaptchaService } from './captcha.service';
import {
  ACCOUNT_CHALLENGE_FAILURES,
  ACCOUNT_LOCK_FAILURES,
  ADDRESS_CHALLENGE_FAILURES,
  loginWaitKeys,
} from './login-guard';
import { solve, solvedPow } from './test-pow';

let t: TestApp;
const password = 'owner pass 123';

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.query(
    // Second verification (a new address asks for a code) is tested on its own; here it would hide
    // whether the password got past the locks.
    `update merchant_settings set register_rules = '{"email":{"enabled":true},"mobileNum":{"enabled":true}}',
       whitelabel = '{"SECOND_VERIFICATION":false}'
      where merchant_code = 'BR'`,
  );
  for (const [username, extra] of [
    ['glyphs1', {}],
    ['slowme1', {}],
    ['pairlock1', {}],
    ['typo01', {}],
    ['nextone1', {}],
    ['spray01', {}],
    ['spread01', {}],
    ['victim01', { mobileNum: '11990001111' }],
    ['victim02', { email: 'victim02@example.com' }],
  ] as const) {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      payload: { username, password, confirmPassword: password, ...extra },
      remoteAddress: `10.70.0.${username.length + Object.keys(extra).length * 10 + Math.floor(Math.random() * 100)}`,
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(() => t.app.close());

let ip = 0;
const nextIp = () => `10.71.${Math.floor(++ip / 250)}.${ip % 250}`;
const login = (body: Record<string, unknown>, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/wps/session/login', payload: body, remoteAddress, headers });

/** A captcha image read correctly, as the outside probe's program read every svg-captcha glyph. */
async function readImageCaptcha() {
  const captchaId = randomBytes(8).toString('hex');
  await t.db.query(
    "insert into captchas (id, answer_hash, expires_at) values ($1, $2, now() + interval '5 minutes')",
    [captchaId, CaptchaService.answerHash('k7p2x')],
  );
  return { captchaId, captcha: 'k7p2x' };
}

const sendUnlock = (username: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/wps/member/unlock/send', payload: { username }, remoteAddress });
const unlock = (username: string, code: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/wps/member/unlock', payload: { username, code }, remoteAddress });

/** A failed attempt that carries a solved proof of work, after any enforced pause (waited out here). */
async function fail(username: string, from: string) {
  for (const key of loginWaitKeys(`BR:${username}`, from)) await t.app.rateLimiter.reset(key);
  return login({ username, password: 'wrong guess', altcha: await solvedPow(t.app, from) }, from);
}

describe('image captcha solved by a program', () => {
  it('a program that reads svg-captcha glyphs can no longer sign in after failures: it must solve a proof of work', async () => {
    const from = nextIp();
    expect((await login({ username: 'glyphs1', password: 'wrong' }, from)).statusCode).toBe(401);
    const withImage = await login({ username: 'glyphs1', password, ...(await readImageCaptcha()) }, from);
    expect(withImage.statusCode).toBe(400);
    expect(withImage.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { challenge: 'pow' } });
    const ok = await login({ username: 'glyphs1', password, altcha: await solvedPow(t.app, from) }, from);
    expect(ok.statusCode).toBe(200);
  });

  it('accepts only proofs the server signed, unexpired, once', async () => {
    const from = nextIp();
    await login({ username: 'glyphs1', password: 'wrong' }, from);
    const forged = await solve(
      (await createChallenge({ hmacKey: 'not the server key', maxnumber: 1000 })) as Parameters<
        typeof solve
      >[0],
    );
    expect((await login({ username: 'glyphs1', password, altcha: forged }, from)).json().code).toBe(
      'CAPTCHA_INVALID',
    );
    const [{ value: key }] = (await t.db.query<{ value: string }>(
      "select value from server_secrets where name = 'pow-hmac'",
    )) as [{ value: string }];
    const expired = await solve(
      (await createChallenge({
        hmacKey: key,
        maxnumber: 1000,
        expires: new Date(Date.now() - 1000),
      })) as Parameters<typeof solve>[0],
    );
    expect((await login({ username: 'glyphs1', password, altcha: expired }, from)).json().code).toBe(
      'CAPTCHA_INVALID',
    );
    const altcha = await solvedPow(t.app, from);
    expect((await login({ username: 'glyphs1', password: 'wrong', altcha }, from)).statusCode).toBe(401);
    for (const k of loginWaitKeys('BR:glyphs1', from)) await t.app.rateLimiter.reset(k);
    expect((await login({ username: 'glyphs1', password, altcha }, from)).json().code).toBe(
      'CAPTCHA_INVALID',
    );
  });
});

describe('who a failed sign-in challenges', () => {
  it('after one wrong password the next person on the same browser signs in without a captcha, and so does the owner elsewhere', async () => {
    const browser = nextIp();
    const wrong = await login({ username: 'typo01', password: 'wrong' }, browser);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', value: { captchaRequired: true } });
    // Another member (the demo, an agent, a friend) signs in from the same browser: no challenge.
    const next = await login({ username: 'nextone1', password }, browser);
    expect(next.statusCode).toBe(200);
    // The owner of the mistyped account, from their own phone: no challenge either.
    expect((await login({ username: 'typo01', password }, nextIp())).statusCode).toBe(200);
    // The mistyped account from the browser that failed on it is still challenged.
    const again = await login({ username: 'typo01', password }, browser);
    expect(again.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captchaRequired: true } });
    const proven = await login(
      { username: 'typo01', password, altcha: await solvedPow(t.app, browser) },
      browser,
    );
    expect(proven.statusCode).toBe(200);
  });

  it('an address failing on several accounts is challenged for every account', async () => {
    const sprayer = nextIp();
    for (let i = 0; i < ADDRESS_CHALLENGE_FAILURES; i++)
      expect((await login({ username: `nobody${i}x`, password: 'guess' }, sprayer)).statusCode).toBe(401);
    const next = await login({ username: 'spray01', password }, sprayer);
    expect(next.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captchaRequired: true } });
    // Elsewhere the account is not challenged: only the spraying address is.
    expect((await login({ username: 'spray01', password }, nextIp())).statusCode).toBe(200);
  });

  it('an account failing from several addresses is challenged from every address', async () => {
    for (let i = 0; i < ACCOUNT_CHALLENGE_FAILURES; i++)
      expect((await login({ username: 'spread01', password: 'guess' }, nextIp())).statusCode).toBe(401);
    const owner = await login({ username: 'spread01', password }, nextIp());
    expect(owner.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captchaRequired: true } });
  });
});

/** WCAG relative luminance of a #rgb or #rrggbb colour. */
function luminance(hex: string): number {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('the image captcha as an optional extra', () => {
  it('draws a picture a person reads on a phone: dark glyphs on its own white ground, 150 by 50', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: nextIp() });
      const svg = Buffer.from(
        String(res.json().value.image).replace('data:image/svg+xml;base64,', ''),
        'base64',
      ).toString('utf8');
      expect(svg).toMatch(
        /^<svg [^>]*width="150" height="50"[^>]*><rect width="100%" height="100%" fill="#ffffff"\/>/,
      );
      // The glyphs are the filled paths (the noise lines are strokes).
      const glyphs = [...svg.matchAll(/<path fill="(#[0-9a-f]{3,6})"/gi)].map((m) => m[1] as string);
      expect(glyphs).toHaveLength(5);
      for (const colour of glyphs) expect(contrast(colour, '#ffffff'), colour).toBeGreaterThanOrEqual(7);
    }
  });

  it('asks for the image captcha besides the proof of work only where the merchant turns it on', async () => {
    await t.db.query(
      `update merchant_settings set whitelabel = whitelabel || '{"LOGIN_IMAGE_CAPTCHA":true}' where merchant_code = 'BR'`,
    );
    try {
      const from = nextIp();
      await login({ username: 'glyphs1', password: 'wrong' }, from);
      const powOnly = await login(
        { username: 'glyphs1', password, altcha: await solvedPow(t.app, from) },
        from,
      );
      expect(powOnly.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { image: true } });
      const both = await login(
        {
          username: 'glyphs1',
          password,
          altcha: await solvedPow(t.app, from),
          ...(await readImageCaptcha()),
        },
        from,
      );
      expect(both.statusCode).toBe(200);
    } finally {
      await t.db.query(
        `update merchant_settings set whitelabel = whitelabel - 'LOGIN_IMAGE_CAPTCHA' where merchant_code = 'BR'`,
      );
    }
  });
});

describe('sign-in throttles', () => {
  it('makes each attempt after the third failure from an address wait 2^k seconds (429, Retry-After in the envelope, localised)', async () => {
    const from = nextIp();
    for (let i = 0; i < 3; i++) expect((await fail('slowme1', from)).statusCode).toBe(401);
    const tooFast = await login(
      { username: 'slowme1', password, altcha: await solvedPow(t.app, from) },
      from,
    );
    expect(tooFast.statusCode).toBe(429);
    expect(tooFast.json()).toMatchObject({
      code: 'LOGIN_TOO_FAST',
      message: 'Too many failed attempts. Please wait 1 seconds and try again.',
      value: { retryAfterSeconds: 1 },
    });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const fourth = await login(
      { username: 'slowme1', password: 'wrong', altcha: await solvedPow(t.app, from) },
      from,
    );
    expect(fourth.statusCode).toBe(401);
    const pt = await login({ username: 'slowme1', password, altcha: await solvedPow(t.app, from) }, from, {
      lang: 'PT',
    });
    expect(pt.statusCode).toBe(429);
    expect(pt.json()).toMatchObject({
      message: 'Muitas tentativas falharam. Aguarde 2 segundos e tente novamente.',
      value: { retryAfterSeconds: 2 },
    });
  });

  it('10 failures from one address do not lock the account for another address', async () => {
    const attacker = nextIp();
    for (let i = 0; i < 10; i++) expect((await fail('pairlock1', attacker)).statusCode).toBe(401);
    const stillAttacker = await login(
      { username: 'pairlock1', password, altcha: await solvedPow(t.app, attacker) },
      attacker,
    );
    expect(stillAttacker.json().code).toBe('ACCOUNT_LOCKED');
    const owner = nextIp();
    const res = await login(
      { username: 'pairlock1', password, altcha: await solvedPow(t.app, owner) },
      owner,
    );
    expect(res.statusCode).toBe(200);
  });

  it('locks an account everywhere after failures from many addresses; the owner unlocks it with a code by SMS', async () => {
    const username = 'victim01';
    for (let i = 0; i < ACCOUNT_LOCK_FAILURES; i++) await fail(username, nextIp());
    const owner = nextIp();
    const locked = await login({ username, password, altcha: await solvedPow(t.app, owner) }, owner);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', value: { unlock: true } });

    expect((await sendUnlock(username, owner)).json()).toMatchObject({ success: true, value: null });
    const [sms] = await t.db.query<{ body: string }>(
      "select body from sms_outbox where mobile = '5511990001111' order by id desc limit 1",
    );
    const code = sms?.body.match(/\b(\d{6})\b/)?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await unlock(username, code === '000000' ? '111111' : '000000', owner);
    expect(wrong.statusCode).toBe(400);
    expect((await unlock(username, code, owner)).statusCode).toBe(200);
    expect((await unlock(username, code, owner)).statusCode).toBe(400);

    // The attacker locks the account again; the address that unlocked it still gets in.
    for (let i = 0; i < ACCOUNT_LOCK_FAILURES; i++) await fail(username, nextIp());
    const other = nextIp();
    expect(
      (await login({ username, password, altcha: await solvedPow(t.app, other) }, other)).statusCode,
    ).toBe(429);
    const back = await login({ username, password, altcha: await solvedPow(t.app, owner) }, owner);
    expect(back.statusCode).toBe(200);
    // Sixty failed logins, each with a proof of work and a password hash check: slow on a busy machine.
  }, 120_000);

  it('sends the unlock code by e-mail to a member without a mobile number, and it unlocks', async () => {
    const from = nextIp();
    expect((await sendUnlock('victim02', from)).statusCode).toBe(200);
    const [mail] = await t.db.query<{ body: string }>(
      "select body from email_outbox where to_address = 'victim02@example.com' order by id desc limit 1",
    );
    const code = mail?.body.match(/\b(\d{6})\b/)?.[1] as string;
    expect((await unlock('victim02', code, from)).statusCode).toBe(200);
  });

  it('answers an unlock request the same for an unknown username, and sends nothing', async () => {
    const before = (await t.db.query('select id from sms_outbox')).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/member/unlock/send',
      payload: { username: 'nobody404' },
      remoteAddress: nextIp(),
    });
    expect(res.json()).toMatchObject({ success: true, value: null });
    expect((await t.db.query('select id from sms_outbox')).length).toBe(before);
  });
});

describe('bulk sign-up', () => {
  const register = (username: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      payload: { username, password, confirmPassword: password },
      remoteAddress,
      headers,
    });

  it('registration burst from one address refused after 10', async () => {
    const from = nextIp();
    for (let i = 0; i < 10; i++) expect((await register(`burst${i}a`, from)).statusCode).toBe(200);
    const eleventh = await register('burst10a', from);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      value: { retryAfterSeconds: expect.any(Number) },
    });
    expect((await register('burst11a', nextIp())).statusCode).toBe(200);
  });

  it('refuses a sixth registration in an hour from one device, whatever the address', async () => {
    const device = { 'x-device-id': randomBytes(16).toString('hex') };
    for (let i = 0; i < 5; i++)
      expect((await register(`device${i}b`, nextIp(), device)).statusCode).toBe(200);
    expect((await register('device5b', nextIp(), device)).statusCode).toBe(429);
  });
});
