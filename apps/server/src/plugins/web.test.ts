import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';

// A built site as the web build leaves it: each text file beside its .br and .gz copies.
const page = `<!doctype html><html><head><title>Sorte</title></head><body>${'<div class="tile"></div>'.repeat(80)}</body></html>`;
const script = `export const lobby = ${JSON.stringify('x'.repeat(4000))};`;
const style = `.tile{aspect-ratio:1}${'.a{color:red}'.repeat(200)}`;

function writeWithCopies(path: string, body: string) {
  writeFileSync(path, body);
  writeFileSync(`${path}.br`, brotliCompressSync(body));
  writeFileSync(`${path}.gz`, gzipSync(body));
}

const yearImmutable = 'public, max-age=31536000, immutable';

describe('web app files', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'sorte-web-'));
    mkdirSync(join(dist, 'assets'));
    writeWithCopies(join(dist, 'index.html'), page);
    writeWithCopies(join(dist, 'assets/index-Ab12Cd34.js'), script);
    writeWithCopies(join(dist, 'assets/index-Ef56Gh78.css'), style);
    writeFileSync(join(dist, 'assets/banner-Ij90Kl12.png'), Buffer.alloc(2048, 1));
    t = await buildTestApp({ serveWeb: true, webDistDir: dist });
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends hashed scripts and styles as their brotli copy, cached for a year', async () => {
    for (const [url, body, type] of [
      ['/assets/index-Ab12Cd34.js', script, 'javascript'],
      ['/assets/index-Ef56Gh78.css', style, 'text/css'],
    ] as const) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toContain(type);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(yearImmutable);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(body);
    }
  });

  it('sends the gzip copy to a client that only takes gzip, and plain bytes to one that takes neither', async () => {
    const gz = await t.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe(yearImmutable);
    expect(plain.payload).toBe(script);
  });

  it('answers every page route with the compressed index.html, revalidated on each visit', async () => {
    for (const url of ['/', '/rng', '/promotions', '/member/deposit']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      // Compressed once: the copy from the build, not compressed again by the API's compression.
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
    }
    const gz = await t.app.inject({ url: '/promotions', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(page);
  });

  it('sends images as they are, still cached for a year under /assets/', async () => {
    const res = await t.app.inject({
      url: '/assets/banner-Ij90Kl12.png',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(yearImmutable);
    expect(res.rawPayload.length).toBe(2048);
  });

  it('answers a missing asset with a 404, not the page', async () => {
    const res = await t.app.inject({ url: '/assets/gone-Zz99.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});
