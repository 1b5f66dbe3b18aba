import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { framesRoutes } from './frames.routes';

const inline = "document.documentElement.dataset.theme = 'light';";
const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;

const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1);

describe('game frame pages', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'studio-frames-'));
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><html><head><script>${inline}</script><script type="module" src="/studio/assets/a.js"></script></head><body></body></html>`,
    );
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  async function frames(platformUrl?: string) {
    const app = Fastify();
    await app.register(framesRoutes, { prefix: '/studio', distDir: dist, platformUrl });
    return app;
  }

  it('may be framed by this site only when embedded, and run only their own scripts', async () => {
    const app = await frames();
    const res = await app.inject('/studio/play/dice?token=x&returnUrl=/');
    expect(res.statusCode).toBe(200);
    const csp = res.headers['content-security-policy'];
    expect(directive(csp, 'frame-ancestors')).toEqual(["'self'"]);
    expect(directive(csp, 'script-src')).toEqual(["'self'", hash]);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    await app.close();
  });

  it('may be framed by the platform when the studio runs apart', async () => {
    const app = await frames('https://casino.example.com/');
    const res = await app.inject('/studio/verify');
    expect(directive(res.headers['content-security-policy'], 'frame-ancestors')).toEqual([
      "'self'",
      'https://casino.example.com',
    ]);
    // X-Frame-Options cannot name another origin: the CSP alone decides.
    expect(res.headers['x-frame-options']).toBeUndefined();
    await app.close();
  });
});
