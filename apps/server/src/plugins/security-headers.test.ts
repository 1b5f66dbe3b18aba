import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inlineScriptHashes } from '@sorte/shared/csp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { API_CSP } from './security-headers';

const inline = "document.documentElement.dataset.theme = 'dark';";
const page = `<!doctype html><html><head><script>${inline}</script>
<script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;
const inlineHash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;

/** The CSP as directive → sources. */
function csp(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describe('security headers', () => {
  let dist: string;
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'sorte-web-'));
    writeFileSync(join(dist, 'index.html'), page);
    t = await buildTestApp({
      serveWeb: true,
      webDistDir: dist,
      imageCdns: ['https://img.cdn.example/path'],
      studioUrl: 'https://games.example.com/studio',
    });
    proxied = await buildTestApp({ trustProxy: true });
  });
  afterAll(async () => {
    await t.app.close();
    await proxied.app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('hashes exactly the inline scripts of a page', () => {
    expect(inlineScriptHashes(page)).toEqual([inlineHash]);
    expect(inlineScriptHashes('<script src="/a.js"></script>')).toEqual([]);
  });

  it('sends a strict CSP with the built page’s inline-script hashes on the pages', async () => {
    for (const url of ['/', '/promotions']) {
      const res = await t.app.inject(url);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const policy = csp(res.headers['content-security-policy']);
      expect(policy['script-src']).toEqual(["'self'", inlineHash]);
      expect(policy['script-src']).not.toContain("'unsafe-inline'");
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://img.cdn.example']);
      expect(policy['connect-src']).toEqual(["'self'", 'ws:', 'wss:']);
      expect(policy['frame-src']).toEqual(["'self'", 'https://games.example.com']);
      expect(policy['object-src']).toEqual(["'none'"]);
    }
  });

  it('sends helmet’s headers on every answer, and JSON answers a CSP that allows nothing, framing included', async () => {
    for (const url of ['/', '/healthz', '/wps/nothing-here', '/wps/relay/banners?groupName=w_home']) {
      const res = await t.app.inject(url);
      if (url !== '/') {
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        // Nothing to run, load or frame in a JSON answer: default-src 'none' covers scripts too.
        expect(csp(res.headers['content-security-policy'])).toEqual({
          'default-src': ["'none'"],
          'frame-ancestors': ["'none'"],
        });
      }
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['permissions-policy']).toContain('microphone=()');
      expect(res.headers['permissions-policy']).toContain('geolocation=()');
    }
  });

  it('leaves helmet’s browser headers off a route that opts out (the vendor wallet), keeping the CSP', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/vendor/NOPE/wallet/balance',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBeUndefined();
    expect(res.headers['content-security-policy']).toBe(API_CSP);
    expect(res.headers['permissions-policy']).toContain('camera=()');
  });

  it('follows a rebuilt page: its new inline scripts are allowed without a restart', async () => {
    const rebuilt = "console.log('prerendered shell');";
    writeFileSync(join(dist, 'index.html'), page.replace('</head>', `<script>${rebuilt}</script></head>`));
    try {
      await new Promise((r) => setTimeout(r, 1_100)); // the file is looked at once a second at most
      const res = await t.app.inject('/');
      expect(res.body).toContain(rebuilt);
      expect(csp(res.headers['content-security-policy'])['script-src']).toEqual([
        "'self'",
        inlineHash,
        `'sha256-${createHash('sha256').update(rebuilt).digest('base64')}'`,
      ]);
    } finally {
      writeFileSync(join(dist, 'index.html'), page);
    }
  });

  it('serves the API docs under a CSP that lets swagger-ui run', async () => {
    const res = await t.app.inject('/docs');
    expect(res.statusCode).toBe(200);
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['style-src']).toContain("'unsafe-inline'");
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it('sends HSTS only for TLS seen through a trusted proxy', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    expect((await t.app.inject('/healthz')).headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY anyone can send the header: it proves nothing.
    expect(
      (await t.app.inject({ url: '/healthz', headers: https })).headers['strict-transport-security'],
    ).toBeUndefined();
    expect(
      (await proxied.app.inject({ url: '/healthz' })).headers['strict-transport-security'],
    ).toBeUndefined();
    expect(
      (await proxied.app.inject({ url: '/healthz', headers: https })).headers['strict-transport-security'],
    ).toMatch(/^max-age=\d{7,}/);
  });

  it('keeps answers to a request with a session token out of every cache', async () => {
    const password = 'headers pass 1';
    const res = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      payload: { username: 'headers1', password, confirmPassword: password },
    });
    const token = res.json().value.token as string;
    const info = await t.app.inject({ url: '/wps/member/info', headers: { token } });
    expect(info.statusCode).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
    const bearer = await t.app.inject({
      url: '/wps/member/info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.headers['cache-control']).toBe('no-store');
    // Even a refused token: the answer was meant for one caller.
    const refused = await t.app.inject({ url: '/wps/member/info', headers: { token: 'stale' } });
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
