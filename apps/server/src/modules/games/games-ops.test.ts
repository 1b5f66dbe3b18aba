import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { consoleKit, type SignedInOperator } from '../console/console-test-kit';
import { nodeIdOf, seedTestCatalogue } from './test-catalogue';

/**
 * The console's games and vendors and merchant settings (issue 15): every switch shows in the site's
 * lobby answers at once, per merchant; the vendor menu and the games' order follow the console; a
 * vendor's wallet secret rotates with an overlap; settings are checked and then enforced; an
 * operator limited to a merchant touches only that merchant.
 */
const ROOT_KEY = 'root-operator-key-for-games-ops-tests-01';
let t: TestApp;
let admin: SignedInOperator;
let mexico: SignedInOperator;
beforeAll(async () => {
  t = await buildTestApp({ operatorApiKey: ROOT_KEY, geoCountryHeader: 'cf-ipcountry' });
  await seedTestCatalogue(t.app);
  const kit = consoleKit(t.app, ROOT_KEY);
  admin = await kit.operatorWith(['admin']);
  mexico = await kit.operatorWith(['admin'], 'MX');
});
afterAll(() => t.app.close());

type Method = 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';
const ops = (by: SignedInOperator, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: by.cookie }, ...(payload ? { payload } : {}) });
const lobby = async (url: string, merchantCode = 'BR', headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ url, headers: { merchantCode, ...headers } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};
const codesOf = (cards: { gameCode: string }[]) => cards.map((c) => c.gameCode);
const alphaList = async (merchantCode = 'BR') =>
  codesOf((await lobby('/wps/relay/gameList?vassalage=ALPHA&pageSize=100', merchantCode)).content);
const menuOf = async (merchantCode = 'BR') =>
  (await lobby('/wps/relay/vendorSorting', merchantCode)).map(
    (e: { gameType: string; vendors: { vassalage: string; maintenance: boolean }[] }) =>
      `${e.gameType}:${e.vendors.map((v) => `${v.vassalage}${v.maintenance ? '(m)' : ''}`).join(',')}`,
  );

describe('games per merchant', () => {
  it('turns a game off and on and marks it hot for one merchant, and the lobby shows it at once', async () => {
    const nodeId = await nodeIdOf(t.app, 'alpha-20');
    // The lobby is cached: read it first so that only a cleared cache can show the change.
    expect(await alphaList()).toContain('alpha-20');
    expect(codesOf(await lobby('/wps/relay/hotGames'))).not.toContain('alpha-20');

    const off = await ops(admin, 'PATCH', `/ops/console/games/${nodeId}`, {
      merchantCode: 'BR',
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().value).toMatchObject({ enabled: false, lobby: 'off', merchantCode: 'BR' });
    expect(await alphaList()).not.toContain('alpha-20');
    expect(await alphaList('MX')).toContain('alpha-20');

    await ops(admin, 'PATCH', `/ops/console/games/${nodeId}`, {
      merchantCode: 'BR',
      enabled: true,
      hot: true,
    });
    expect(await alphaList()).toContain('alpha-20');
    expect(codesOf(await lobby('/wps/relay/hotGames'))).toContain('alpha-20');
    expect(codesOf(await lobby('/wps/relay/hotGames', 'MX'))).not.toContain('alpha-20');

    const listed = await ops(
      admin,
      'GET',
      '/ops/console/games?merchantCode=BR&vassalage=ALPHA&hot=true&q=alpha 20',
    );
    expect(listed.json().value.content.map((g: { gameCode: string }) => g.gameCode)).toEqual(['alpha-20']);
    // A game the catalogue withdrew cannot be turned on for a merchant.
    const sleepy = await nodeIdOf(t.app, 'sleepy-fish');
    const withdrawn = await ops(admin, 'PATCH', `/ops/console/games/${sleepy}`, {
      merchantCode: 'BR',
      enabled: true,
    });
    expect(withdrawn.statusCode).toBe(400);
    expect(withdrawn.json().value.field).toBe('enabled');
  });

  it('orders a merchant’s games by number and by moving them up or down', async () => {
    const before = await alphaList();
    expect(before.slice(0, 3)).toEqual(['alpha-01', 'alpha-02', 'alpha-03']);
    const third = await nodeIdOf(t.app, 'alpha-03');
    const moved = await ops(admin, 'POST', `/ops/console/games/${third}/move`, {
      merchantCode: 'BR',
      direction: 'up',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await alphaList()).slice(0, 3)).toEqual(['alpha-01', 'alpha-03', 'alpha-02']);
    const last = await nodeIdOf(t.app, 'alpha-25');
    await ops(admin, 'PATCH', `/ops/console/games/${last}`, { merchantCode: 'BR', sort: 0 });
    expect((await alphaList())[0]).toBe('alpha-25');
    expect((await alphaList('MX')).slice(0, 3)).toEqual(['alpha-01', 'alpha-02', 'alpha-03']);
  });
});

describe('vendors and the menu', () => {
  it('puts a vendor in maintenance and switches it off for every merchant, only for unlimited operators', async () => {
    expect(await menuOf('MX')).toContain('RNG:SORTE,ALPHA');
    const maintenance = await ops(admin, 'PATCH', '/ops/console/vendors/ALPHA', { maintenance: true });
    expect(maintenance.statusCode, maintenance.body).toBe(200);
    expect(await menuOf('MX')).toContain('RNG:SORTE,ALPHA(m)');
    await ops(admin, 'PATCH', '/ops/console/vendors/ALPHA', { maintenance: false, enabled: false });
    expect(await menuOf('MX')).toContain('RNG:SORTE');
    expect(await alphaList('MX')).toEqual([]);
    await ops(admin, 'PATCH', '/ops/console/vendors/ALPHA', { enabled: true });
    expect(await alphaList('MX')).toHaveLength(25);

    const limited = await ops(mexico, 'PATCH', '/ops/console/vendors/ALPHA', { enabled: false });
    expect(limited.statusCode).toBe(403);
    expect(limited.json().code).toBe('ALL_MERCHANTS_ONLY');
    expect((await ops(mexico, 'POST', '/ops/vendors/transactions/purge')).statusCode).toBe(403);
  });

  it('saves a merchant’s vendor sorting list, which the site’s menu follows, and refuses a wrong entry', async () => {
    expect(await menuOf()).toEqual(['RNG:SORTE,ALPHA', 'CRASH:SORTE,MAINT(m)', 'BONUS:BGS']);
    const saved = await ops(admin, 'PUT', '/ops/console/vendor-sorting/BR', {
      entries: [
        { gameType: 'BONUS', vassalage: 'BGS' },
        { gameType: 'RNG', vassalage: 'ALPHA' },
        { gameType: 'RNG', vassalage: 'SORTE' },
        { gameType: 'CRASH', vassalage: 'SORTE' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value.available).toContainEqual({
      gameType: 'CRASH',
      vassalage: 'MAINT',
      name: 'Maint Studio',
    });
    expect(await menuOf()).toEqual(['BONUS:BGS', 'RNG:ALPHA,SORTE', 'CRASH:SORTE']);

    const wrong = await ops(admin, 'PUT', '/ops/console/vendor-sorting/BR', {
      entries: [
        { gameType: 'BONUS', vassalage: 'BGS' },
        { gameType: 'LIVE', vassalage: 'ALPHA' },
      ],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().value.field).toBe('entries.1');
    expect(wrong.json().message).toBe('entries.1: ALPHA has no LIVE category');
    expect(await menuOf()).toEqual(['BONUS:BGS', 'RNG:ALPHA,SORTE', 'CRASH:SORTE']);
  });
});

describe('wallet vendor secrets', () => {
  it('accepts the previous secret during the overlap, answers with it, and refuses it after', async () => {
    const oldSecret = 'acme-old-secret-0123456789-abcdefghijkl';
    await t.db.query(
      "insert into wallet_vendors (code, name, secret, catalogue_vendors) values ('ACME', 'Acme Games', $1, '{ALPHA}')",
      [oldSecret],
    );
    await t.app.seamlessWallet.reloadVendors();
    const sign = (secret: string, raw: string) => createHmac('sha256', secret).update(raw).digest('hex');
    const balance = async (secret: string) => {
      const raw = JSON.stringify({ playerId: 'nobody-here' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/vendor/ACME/wallet/balance',
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-signature': sign(secret, raw) },
      });
      return { status: res.json().status as string, signature: res.headers['x-signature'], raw: res.body };
    };
    expect((await balance(oldSecret)).status).toBe('PLAYER_NOT_FOUND');

    const house = await ops(admin, 'POST', '/ops/console/wallet-vendors/SORTE/secret', { overlapHours: 1 });
    expect(house.statusCode).toBe(400);
    const rotated = await ops(admin, 'POST', '/ops/console/wallet-vendors/ACME/secret', { overlapHours: 2 });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret: newSecret, vendor } = rotated.json().value;
    expect(newSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(vendor.previousSecretUntil).not.toBeNull();
    const audit = await t.db.query<{ detail: unknown }>(
      "select detail::text as detail from operator_audit_log where action like '%wallet-vendors%'",
    );
    expect(JSON.stringify(audit)).not.toContain(newSecret);

    const withNew = await balance(newSecret);
    expect(withNew.status).toBe('PLAYER_NOT_FOUND');
    expect(withNew.signature).toBe(sign(newSecret, withNew.raw));
    const withOld = await balance(oldSecret);
    expect(withOld.status).toBe('PLAYER_NOT_FOUND');
    expect(withOld.signature).toBe(sign(oldSecret, withOld.raw));

    // The overlap ends: the old secret is refused, even by an instance that loaded it before.
    await t.db.query(
      "update wallet_vendors set previous_secret_until = now() - interval '1 second' where code = 'ACME'",
    );
    await t.app.seamlessWallet.reloadVendors();
    expect((await balance(oldSecret)).status).toBe('INVALID_SIGNATURE');
    expect((await balance(newSecret)).status).toBe('PLAYER_NOT_FOUND');
  });
});

describe('merchant settings', () => {
  const settings = (by: SignedInOperator, code: string, body?: object) =>
    ops(by, body ? 'PUT' : 'GET', `/ops/console/merchants/${code}/settings`, body);
  let ip = 0;
  const register = (merchantCode: string, extra: object = {}) =>
    t.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      headers: { merchantCode },
      remoteAddress: `10.91.0.${++ip}`,
      payload: {
        username: `gops${ip}x`,
        password: 'correct horse 1',
        confirmPassword: 'correct horse 1',
        ...extra,
      },
    });

  it('refuses bad values with a message naming the field, and writes nothing', async () => {
    const cases: [object, string, string][] = [
      [{ minimumAge: 16 }, 'minimumAge', 'minimumAge: must be at least 18'],
      [
        { withdrawalAutoReceiptMinutes: 0 },
        'withdrawalAutoReceiptMinutes',
        'withdrawalAutoReceiptMinutes: must be at least 1',
      ],
      [
        { registerFields: { username: { minLength: 10, maxLength: 6 } } },
        'registerFields.username.maxLength',
        'registerFields.username.maxLength: must be at least the minimum (10)',
      ],
      [
        { registerFields: { password: { enabled: false } } },
        'registerFields.password.enabled',
        'registerFields.password.enabled: sign-up needs this field: it stays shown and required',
      ],
      [
        { registerFields: { password: { minLength: 12 } } },
        'defaultMemberPassword',
        "defaultMemberPassword: must be 12 to 64 characters long, as this merchant's password rule says",
      ],
      [{ whitelabel: { NOPE: true } }, 'whitelabel.NOPE', 'whitelabel.NOPE: NOPE is not a whitelabel flag'],
      [
        { minimumAge: 21, defaultMemberPassword: ' padded1234' },
        'defaultMemberPassword',
        'defaultMemberPassword: must not start or end with a space',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await settings(admin, 'BR', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().value.field).toBe(field);
      expect(res.json().message).toBe(message);
    }
    expect((await settings(admin, 'BR')).json().value.minimumAge).toBe(18);

    const region = (allowedCountries: string[] | null) =>
      ops(admin, 'PUT', '/ops/system/region', { merchantCode: 'BR', allowedCountries });
    expect((await region(['BR', 'QQ'])).json().message).toBe(
      'allowedCountries.1: QQ is not an ISO 3166-1 alpha-2 country code',
    );
    expect((await region([])).json().value.field).toBe('allowedCountries');
    const channel = await ops(admin, 'PUT', '/ops/payments/channels/BR/PIX', {
      depositMin: 9000,
      depositMax: 8000,
    });
    expect(channel.json().message).toBe('depositMax: must be at least the minimum (R$ 90.00)');
  });

  it('applies whitelabel flags, the minimum age, the password rule and the region at the next call', async () => {
    const changed = await settings(admin, 'MX', {
      whitelabel: { USERNAMEREG3: false },
      minimumAge: 21,
      registerFields: { birthday: { required: true } },
      withdrawalAutoReceiptMinutes: 45,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().value).toMatchObject({
      minimumAge: 21,
      withdrawalAutoReceiptMinutes: 45,
      whitelabel: { USERNAMEREG3: false, MOBILENUMREG3: true },
      registerFields: { birthday: { enabled: true, required: true } },
    });
    expect((await lobby('/wps/system/whitelabel', 'MX')).USERNAMEREG3).toBe(false);
    expect((await register('MX')).json().code).toBe('REGISTRATION_METHOD_DISABLED');
    expect((await lobby('/wps/system/setting/register', 'MX')).minimumAge).toBe(21);

    const twentyYearsAgo = `${new Date().getUTCFullYear() - 20}-01-01`;
    const young = await register('BR', { birthday: twentyYearsAgo });
    expect(young.statusCode, young.body).toBe(200);
    await settings(admin, 'BR', {
      minimumAge: 21,
      registerFields: { password: { minLength: 16 } },
      defaultMemberPassword: 'a-longer-default-pw',
    });
    const longPassword = { password: 'a longer password 1', confirmPassword: 'a longer password 1' };
    const tooYoung = await register('BR', { birthday: twentyYearsAgo, ...longPassword });
    expect(tooYoung.json().message).toBe('birthday: Please confirm you are 21 years old');
    expect((await register('BR')).json().value.field).toBe('password');

    const status = () => lobby('/wps/system/status', 'BR', { 'cf-ipcountry': 'PT' });
    expect((await status()).status).toBe(2);
    await ops(admin, 'PUT', '/ops/system/region', { merchantCode: 'BR', allowedCountries: ['BR', 'PT'] });
    expect((await status()).status).toBe(0);
  });

  it('keeps an operator limited to a merchant to that merchant', async () => {
    expect((await settings(mexico, 'BR')).statusCode).toBe(404);
    expect((await settings(mexico, 'BR', { minimumAge: 19 })).statusCode).toBe(404);
    expect((await settings(mexico, 'MX')).statusCode).toBe(200);
    expect((await ops(mexico, 'GET', '/ops/console/games?merchantCode=BR')).statusCode).toBe(404);
    expect((await ops(mexico, 'GET', '/ops/console/merchants/BR/channels')).statusCode).toBe(404);
    const brMaintenance = await ops(mexico, 'PUT', '/ops/system/maintenance', {
      merchantCode: 'BR',
      maintenance: { title: { EN: 'Down' }, info: { EN: 'Back soon' } },
    });
    expect(brMaintenance.statusCode).toBe(404);
    expect((await lobby('/wps/system/status', 'BR')).status).not.toBe(1);

    await ops(admin, 'PUT', '/ops/system/domains', { domain: 'sorte-br.example', merchantCode: 'BR' });
    const taken = await ops(mexico, 'PUT', '/ops/system/domains', {
      domain: 'sorte-br.example',
      merchantCode: 'MX',
    });
    expect(taken.json().value.field).toBe('domain');
    expect((await ops(mexico, 'DELETE', '/ops/system/domains/sorte-br.example')).statusCode).toBe(404);
    expect((await settings(admin, 'BR')).json().value.domains).toEqual(['sorte-br.example']);
    expect((await ops(admin, 'DELETE', '/ops/system/domains/sorte-br.example')).statusCode).toBe(200);
    expect((await settings(admin, 'BR')).json().value.domains).toEqual([]);

    // A role without the permission is refused before anything is read.
    const support = await consoleKit(t.app, ROOT_KEY).operatorWith(['support']);
    expect((await ops(support, 'GET', '/ops/console/games?merchantCode=BR')).statusCode).toBe(403);
    expect((await settings(support, 'BR')).statusCode).toBe(403);
  });
});
