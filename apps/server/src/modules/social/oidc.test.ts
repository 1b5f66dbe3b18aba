import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { startTestOidcProvider, type TestAccount, type TestOidcProvider } from './test-oidc-provider';

/**
 * Google and Facebook sign-in end to end: our app (by inject) and a real OpenID provider (over HTTP on
 * 127.0.0.1), with the browser's part played by fetch and a small cookie jar.
 */
const PUBLIC_BASE_URL = 'http://sorte.test';
const callbackOf = (channel: string) => `${PUBLIC_BASE_URL}/wps/session/social/${channel}/callback`;
const maria: TestAccount = {
  sub: 'maria-248289761001',
  email: 'maria@example.com',
  emailVerified: true,
  name: 'Maria Souza',
};

let provider: TestOidcProvider;
let t: TestApp;
beforeAll(async () => {
  provider = await startTestOidcProvider(
    [
      {
        clientId: 'sorte-google',
        clientSecret: 'google-secret-for-tests',
        redirectUri: callbackOf('google'),
      },
      {
        clientId: 'sorte-facebook',
        clientSecret: 'facebook-secret-for-tests',
        redirectUri: callbackOf('facebook'),
      },
    ],
    maria,
  );
  t = await buildTestApp({
    publicBaseUrl: PUBLIC_BASE_URL,
    googleIssuer: provider.issuer,
    googleClientId: 'sorte-google',
    googleClientSecret: 'google-secret-for-tests',
    facebookIssuer: provider.issuer,
    facebookClientId: 'sorte-facebook',
    facebookClientSecret: 'facebook-secret-for-tests',
  });
});
afterAll(async () => {
  await t?.app.close();
  await provider?.close();
});

/** Cookies by name, as a browser keeps them for one site (paths ignored: the test needs no more). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

type Browser = { app: CookieJar; provider: CookieJar };
const newBrowser = (): Browser => ({ app: new CookieJar(), provider: new CookieJar() });

/** GET …/start on our app as a browser would: answers the provider's address. */
async function start(browser: Browser, channel: string, query = '') {
  const res = await t.app.inject({
    url: `/wps/session/social/${channel}/start${query}`,
    headers: { cookie: browser.app.header() },
  });
  const setCookie = res.headers['set-cookie'];
  browser.app.store(setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]);
  return res;
}

/** Follows the provider's redirects (authorize → interaction → resume) until it sends us back. */
async function throughProvider(browser: Browser, authorizeUrl: string): Promise<URL> {
  let url = authorizeUrl;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(PUBLIC_BASE_URL)) return new URL(url);
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: browser.provider.header() } });
    browser.provider.store(res.headers.getSetCookie());
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider answered ${res.status} without a redirect: ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}

/** The provider's redirect back, delivered to our app with the browser's cookies. */
async function callback(browser: Browser, url: URL) {
  const res = await t.app.inject({
    url: `${url.pathname}${url.search}`,
    headers: { cookie: browser.app.header() },
  });
  const setCookie = res.headers['set-cookie'];
  browser.app.store(setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]);
  return res;
}

/** A whole sign-in: start, the provider, the callback. */
async function signIn(channel: string, query = '', browser = newBrowser()) {
  const started = await start(browser, channel, query);
  expect(started.statusCode).toBe(302);
  const back = await throughProvider(browser, String(started.headers.location));
  return { res: await callback(browser, back), back, browser };
}

const tokenOf = (location: unknown) => new URL(String(location), PUBLIC_BASE_URL).searchParams.get('token');
const memberInfo = (token: string) =>
  t.app.inject({ url: '/wps/member/info', headers: { authorization: `Bearer ${token}` } });

describe('GET /wps/session/social/providers', () => {
  it('lists the configured OpenID Connect channels with their start paths', async () => {
    const res = await t.app.inject('/wps/session/social/providers');
    expect(res.json().value).toEqual([
      { channel: 'google', startUrl: '/wps/session/social/google/start' },
      { channel: 'facebook', startUrl: '/wps/session/social/facebook/start' },
    ]);
  });
});

describe('GET /wps/session/social/:channel/start', () => {
  it('redirects to the provider with state, nonce and an S256 PKCE challenge', async () => {
    const res = await start(newBrowser(), 'google');
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(location.origin).toBe(provider.issuer);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      client_id: 'sorte-google',
      response_type: 'code',
      redirect_uri: callbackOf('google'),
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(params.state).toMatch(/^[\w-]{40,}$/);
    expect(params.nonce).toMatch(/^[\w-]{40,}$/);
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(String(res.headers['set-cookie'])).toContain(`sorte_social_google=${params.state}`);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
  });
});

describe('OpenID Connect sign-in', () => {
  it('signs a new member in and sends the browser to the return path with a working token', async () => {
    const { res } = await signIn('google', '?returnTo=%2Fpromotions%3Ftab%3D2');
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location).toMatch(/^\/promotions\?tab=2&token=[\w-]{43}$/);
    const info = await memberInfo(tokenOf(location) as string);
    expect(info.statusCode).toBe(200);
    expect(info.json().value).toMatchObject({
      nickname: 'Maria Souza',
      type: 0,
      balance: 0,
      currency: 'BRL',
    });
    expect(info.json().value.account).toMatch(/^gg_/);
    const [row] = await t.db.query<{ email: string }>(
      "select m.email from social_identities i join members m on m.id = i.member_id where i.channel = 'google' and i.subject = $1",
      [maria.sub],
    );
    expect(row?.email).toBe('maria@example.com');
  });

  it('signs the same provider account in as the same member again', async () => {
    const first = await signIn('google');
    const second = await signIn('google');
    const a = (await memberInfo(tokenOf(first.res.headers.location) as string)).json().value;
    const b = (await memberInfo(tokenOf(second.res.headers.location) as string)).json().value;
    expect(b.id).toBe(a.id);
  });

  it('keeps a Facebook account apart from a Google account with the same subject', async () => {
    const google = await signIn('google');
    const facebook = await signIn('facebook');
    expect(facebook.res.statusCode).toBe(302);
    const g = (await memberInfo(tokenOf(google.res.headers.location) as string)).json().value;
    const f = (await memberInfo(tokenOf(facebook.res.headers.location) as string)).json().value;
    expect(f.account).toMatch(/^fb_/);
    expect(f.id).not.toBe(g.id);
  });

  it("lands on '/' when returnTo names another site", async () => {
    for (const returnTo of ['//evil.example', 'https://evil.example/x', '/\\evil.example']) {
      const { res } = await signIn('google', `?returnTo=${encodeURIComponent(returnTo)}`);
      expect(String(res.headers.location)).toMatch(/^\/\?token=[\w-]{43}$/);
    }
  });

  it('refuses a replayed callback', async () => {
    const { res, back, browser } = await signIn('google');
    expect(tokenOf(res.headers.location)).toBeTruthy();
    const [row] = await t.db.query<{ used_at: Date | null }>(
      'select used_at from social_login_states where state = $1',
      [back.searchParams.get('state')],
    );
    expect(row?.used_at).toBeTruthy();
    // The state cookie is gone after the first callback; a replay that brings it back still fails.
    browser.app.store([`sorte_social_google=${back.searchParams.get('state')}`]);
    const replay = await callback(browser, back);
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe('/?socialError=google');
  });

  it('refuses a state older than ten minutes', async () => {
    const browser = newBrowser();
    const started = await start(browser, 'google');
    const back = await throughProvider(browser, String(started.headers.location));
    await t.db.query(
      "update social_login_states set expires_at = now() - interval '1 second' where state = $1",
      [back.searchParams.get('state')],
    );
    const res = await callback(browser, back);
    expect(res.headers.location).toBe('/?socialError=google');
  });

  it('refuses a state it never issued', async () => {
    const browser = newBrowser();
    browser.app.store(['sorte_social_google=forged-state']);
    const res = await callback(browser, new URL(`${callbackOf('google')}?code=abc&state=forged-state`));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?socialError=google');
  });

  it("refuses a callback in a browser that did not start the sign-in, and leaves the starter's state usable", async () => {
    const starter = newBrowser();
    const started = await start(starter, 'google');
    const back = await throughProvider(starter, String(started.headers.location));
    const victim = await callback(newBrowser(), back);
    expect(victim.headers.location).toBe('/?socialError=google');
    const own = await callback(starter, back);
    expect(tokenOf(own.headers.location)).toBeTruthy();
  });

  it('refuses a callback of the other channel', async () => {
    const browser = newBrowser();
    const started = await start(browser, 'google');
    const back = await throughProvider(browser, String(started.headers.location));
    browser.app.store([`sorte_social_facebook=${back.searchParams.get('state')}`]);
    const res = await callback(browser, new URL(`${callbackOf('facebook')}${back.search}`));
    expect(res.headers.location).toBe('/?socialError=facebook');
  });

  it('sends the browser to the failure page when the person refuses at the provider', async () => {
    provider.deny = true;
    try {
      const { res, back } = await signIn('google');
      expect(back.searchParams.get('error')).toBe('access_denied');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/?socialError=google');
    } finally {
      provider.deny = false;
    }
  });
});

describe('OpenID Connect channels that cannot be used', () => {
  it('answers 403 SOCIAL_CHANNEL_DISABLED for a channel without a client id', async () => {
    const off = await buildTestApp({ publicBaseUrl: PUBLIC_BASE_URL });
    try {
      const res = await off.app.inject('/wps/session/social/google/start');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'SOCIAL_CHANNEL_DISABLED',
        message: 'Sign-in with Google is not available.',
      });
      const callbackRes = await off.app.inject('/wps/session/social/google/callback?code=a&state=b');
      expect(callbackRes.headers.location).toBe('/?socialError=google');
    } finally {
      await off.app.close();
    }
  });

  it('sends the browser to the failure page when the provider cannot be reached', async () => {
    const down = await buildTestApp({
      publicBaseUrl: PUBLIC_BASE_URL,
      googleIssuer: 'http://127.0.0.1:9',
      googleClientId: 'sorte-google',
      googleClientSecret: 'x',
    });
    try {
      const res = await down.app.inject('/wps/session/social/google/start');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/?socialError=google');
    } finally {
      await down.app.close();
    }
  });

  it('answers 429 after 30 starts a minute from one address', async () => {
    const from = { remoteAddress: '10.9.8.7' };
    for (let i = 0; i < 30; i += 1) {
      expect((await t.app.inject({ url: '/wps/session/social/google/start', ...from })).statusCode).toBe(302);
    }
    const res = await t.app.inject({ url: '/wps/session/social/google/start', ...from });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('TOO_MANY_REQUESTS');
  });

  it('answers 400 for a channel that is not an OpenID Connect channel', async () => {
    const res = await t.app.inject('/wps/session/social/twitter/start');
    expect(res.statusCode).toBe(400);
  });
});
