import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { signTelegramPayload, telegramDataCheckString } from './telegram';

const BOT_TOKEN = '7012345678:AAHk3tq-test-bot-token-for-sorte_tests';
const now = () => Math.floor(Date.now() / 1000);

/** A widget payload as Telegram would sign it for our bot (or for another token, to forge one). */
function signed(fields: Record<string, unknown>, token = BOT_TOKEN) {
  const payload = { first_name: 'Maria', auth_date: now(), ...fields };
  return { ...payload, hash: signTelegramPayload(payload, token) };
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ telegramBotToken: BOT_TOKEN, telegramBotName: 'sorte_test_bot' });
});
afterAll(() => t.app.close());

const signIn = (payload: Record<string, unknown>, app = t.app) =>
  app.inject({ method: 'POST', url: '/wps/session/social/telegram', payload });
const memberInfo = (token: string) =>
  t.app.inject({ url: '/wps/member/info', headers: { authorization: `Bearer ${token}` } });
const memberCount = async () => (await t.db.query<{ n: bigint }>('select count(*) as n from members'))[0]?.n;

describe('telegram data-check-string', () => {
  it('joins every field but the hash as sorted key=value lines', () => {
    const sut = telegramDataCheckString({
      id: 42,
      username: 'maria',
      auth_date: 1700000000,
      hash: 'x',
      first_name: 'M',
    });
    expect(sut).toBe('auth_date=1700000000\nfirst_name=M\nid=42\nusername=maria');
  });
});

describe('POST /wps/session/social/telegram', () => {
  it('creates a member from a signed payload, opens the wallet and signs them in', async () => {
    const res = await signIn(
      signed({
        id: 1001,
        last_name: 'Silva',
        username: 'maria_s',
        photo_url: 'https://t.me/i/userpic/1.jpg',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      code: 'OK',
      value: { firstTimeLogin: true, passwordExpired: false },
    });
    const info = await memberInfo(res.json().value.token);
    expect(info.statusCode).toBe(200);
    expect(info.json().value).toMatchObject({
      account: 'tg_1001',
      nickname: 'Maria Silva',
      type: 0,
      balance: 0,
      currency: 'BRL',
    });
  });

  it('signs the same Telegram account in as the same member the second time', async () => {
    const first = await signIn(signed({ id: 2002 }));
    const before = await memberCount();
    const second = await signIn(signed({ id: 2002, first_name: 'Renamed' }));
    expect(second.statusCode).toBe(200);
    expect(second.json().value.firstTimeLogin).toBe(false);
    expect(await memberCount()).toBe(before);
    const a = (await memberInfo(first.json().value.token)).json().value;
    const b = (await memberInfo(second.json().value.token)).json().value;
    expect(b.id).toBe(a.id);
    expect(second.json().value.token).not.toBe(first.json().value.token);
  });

  it('remembers the address of a social sign-in, so a later password login from it is not challenged', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/social/telegram',
      payload: signed({ id: 2003 }),
      remoteAddress: '10.60.0.9',
    });
    const id = (await memberInfo(res.json().value.token)).json().value.id;
    const known = await t.db.query<{ ip: string }>('select ip from member_known_ips where member_id = $1', [
      BigInt(id),
    ]);
    expect(known.map((r) => r.ip)).toEqual(['10.60.0.9']);
  });

  it('makes one member when the first sign-ins of an account arrive together', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => signIn(signed({ id: 2_500_250 }))));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ids = await Promise.all(
      results.map(async (r) => (await memberInfo(r.json().value.token)).json().value.id),
    );
    expect(new Set(ids).size).toBe(1);
    const [row] = await t.db.query<{ n: bigint }>(
      "select count(*) as n from members where username like 'tg\\_2500250%'",
    );
    expect(row?.n).toBe(1n);
  });

  it('refuses a payload whose field was changed after signing', async () => {
    const payload = signed({ id: 3003 });
    const before = await memberCount();
    const res = await signIn({ ...payload, id: 3004 });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'SOCIAL_LOGIN_FAILED',
      message: 'Sign-in with Telegram failed. Please try again.',
    });
    expect(await memberCount()).toBe(before);
  });

  it('refuses a payload with a field added after signing', async () => {
    const res = await signIn({ ...signed({ id: 3005 }), username: 'admin' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a payload signed with another bot token', async () => {
    const res = await signIn(signed({ id: 4004 }, '7000000000:AAAnother-bot-token-not-ours_xxxxx'));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SOCIAL_LOGIN_FAILED');
  });

  it('refuses a login older than a day, and accepts one just under a day old', async () => {
    const old = await signIn(signed({ id: 5005, auth_date: now() - 24 * 60 * 60 - 60 }));
    expect(old.statusCode).toBe(401);
    const recent = await signIn(signed({ id: 5005, auth_date: now() - 24 * 60 * 60 + 60 }));
    expect(recent.statusCode).toBe(200);
  });

  it('accepts a hash in upper case and fields the widget may add, which the hash covers', async () => {
    const payload = signed({ id: 6006, allows_write_to_pm: true });
    const res = await signIn({ ...payload, hash: payload.hash.toUpperCase() });
    expect(res.statusCode).toBe(200);
  });

  it('gives a suffixed username when tg_<id> is already taken', async () => {
    await t.db.query(
      "insert into members (merchant_code, username, username_key, password_hash) values ('BR', 'tg_7007', 'tg_7007', 'x')",
    );
    const res = await signIn(signed({ id: 7007 }));
    expect(res.statusCode).toBe(200);
    expect((await memberInfo(res.json().value.token)).json().value.account).toMatch(/^tg_7007_[0-9a-f]{4}$/);
  });

  it('keeps the same Telegram account apart per merchant', async () => {
    const br = await signIn(signed({ id: 8008 }));
    const mx = await t.app.inject({
      method: 'POST',
      url: '/wps/session/social/telegram',
      headers: { merchantCode: 'MX' },
      payload: signed({ id: 8008 }),
    });
    const brInfo = (await memberInfo(br.json().value.token)).json().value;
    const mxInfo = (await memberInfo(mx.json().value.token)).json().value;
    expect(mxInfo).toMatchObject({ merchantCode: 'MX', currency: 'MXN' });
    expect(mxInfo.id).not.toBe(brInfo.id);
  });

  it('answers 400 naming the field for a payload without a hash', async () => {
    const { hash: _hash, ...unsigned } = signed({ id: 9009 });
    const res = await signIn(unsigned);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', value: { field: 'hash' } });
  });

  it('lists Telegram with its bot among the providers', async () => {
    const res = await t.app.inject('/wps/session/social/providers');
    expect(res.json().value).toEqual([{ channel: 'telegram', botName: 'sorte_test_bot' }]);
  });
});

describe('Telegram sign-in without a bot token', () => {
  it('answers 403 SOCIAL_CHANNEL_DISABLED and lists no provider', async () => {
    const off = await buildTestApp();
    try {
      const res = await signIn(signed({ id: 1001 }), off.app);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'SOCIAL_CHANNEL_DISABLED',
        message: 'Sign-in with Telegram is not available.',
      });
      expect((await off.app.inject('/wps/session/social/providers')).json().value).toEqual([]);
    } finally {
      await off.app.close();
    }
  });
});
