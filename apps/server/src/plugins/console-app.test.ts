import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';

/** The operator console served under /console, apart from the player site. */
const consolePage = '<!doctype html><html><head><title>Sorte console</title></head><body></body></html>';
const sitePage = '<!doctype html><html><head><title>Sorte</title></head><body></body></html>';
const script = `export const queue = ${JSON.stringify('q'.repeat(3000))};`;

function writeWithCopies(path: string, body: string) {
  writeFileSync(path, body);
  writeFileSync(`${path}.br`, brotliCompressSync(body));
  writeFileSync(`${path}.gz`, gzipSync(body));
}

describe('console app files', () => {
  let web: string;
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'sorte-web-'));
    writeWithCopies(join(web, 'index.html'), sitePage);
    dist = mkdtempSync(join(tmpdir(), 'sorte-console-'));
    mkdirSync(join(dist, 'assets'));
    writeWithCopies(join(dist, 'index.html'), consolePage);
    writeWithCopies(join(dist, 'assets/index-Zz11Yy22.js'), script);
    t = await buildTestApp({ serveWeb: true, webDistDir: web, consoleDistDir: dist });
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(web, { recursive: true, force: true });
    rmSync(dist, { recursive: true, force: true });
  });

  it("answers the console's pages with its own index.html, not the player site's", async () => {
    for (const url of ['/console', '/console/', '/console/withdrawals', '/console/players/42?tab=sessions']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(consolePage);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await t.app.inject({ url: '/promotions' })).body).toBe(sitePage);
  });

  it('sends its hashed files compressed and cached for a year, and a file built after the start too', async () => {
    const res = await t.app.inject({
      url: '/console/assets/index-Zz11Yy22.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    writeWithCopies(join(dist, 'assets/index-New33Abc.js'), script);
    expect((await t.app.inject({ url: '/console/assets/index-New33Abc.js' })).statusCode).toBe(200);
  });

  it('answers a missing file with 404, not a page', async () => {
    const res = await t.app.inject({ url: '/console/assets/gone-Aa00Bb11.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
