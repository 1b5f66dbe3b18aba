import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { inlineScriptHashes } from '@sorte/shared/csp';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Game unavailable</title>
<style>body{font-family:system-ui,sans-serif;background:#111827;color:#f9fafb;display:grid;place-items:center;min-height:100vh;margin:0;padding:1rem;text-align:center}</style>
</head><body><main><h1>The game frames are not built yet</h1>
<p>Build them with <code>npm run build:web -w @sorte/studio</code>, then reload this page.</p></main></body></html>`;

const originOf = (url: string | undefined): string | null => {
  try {
    return url && /^https?:\/\//.test(url) ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/**
 * The frames' Content-Security-Policy: scripts are the build's files and the page's own inline
 * scripts (by hash, read from the built page); only the site may frame a game, i.e. this origin
 * (embedded under /studio) or the platform's (PLATFORM_URL, when the studio runs apart).
 */
export function frameCsp(scriptHashes: string[], platformOrigin: string | null): string {
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "form-action 'self'",
    `script-src ${["'self'", ...scriptHashes].join(' ')}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    "worker-src 'self' blob:",
    `frame-ancestors 'self'${platformOrigin ? ` ${platformOrigin}` : ''}`,
  ].join('; ');
}

/**
 * The game frames (a Vite build in apps/studio/dist/web): /studio/play/{gameCode} and /studio/verify
 * (and anything under them) answer index.html for the frame's router; other files are served as they
 * are, hashed assets cached for a year. Before the build exists the pages answer a clear 503.
 */
export const framesRoutes: FastifyPluginAsync<{ distDir: string; platformUrl?: string | undefined }> = async (
  app,
  { distDir, platformUrl },
) => {
  const root = resolve(distDir);
  const indexPath = join(root, 'index.html');
  let cached: { mtimeMs: number; html: Buffer; csp: string } | null = null;
  const platformOrigin = originOf(platformUrl);

  const sendIndex = async (reply: FastifyReply) => {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(indexPath)).mtimeMs;
    } catch {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_PAGE);
    }
    if (!cached || cached.mtimeMs !== mtimeMs) {
      const html = await readFile(indexPath);
      cached = { mtimeMs, html, csp: frameCsp(inlineScriptHashes(html.toString('utf8')), platformOrigin) };
    }
    // Embedded, the platform's own headers deny all framing; a game frame is framed by the site.
    reply.header('content-security-policy', cached.csp);
    // Standalone the studio has no platform in front to add these.
    reply
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin');
    if (platformOrigin) reply.raw.removeHeader('x-frame-options');
    else reply.header('x-frame-options', 'SAMEORIGIN');
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(cached.html);
  };

  app.get('/play/:gameCode', (_request, reply) => sendIndex(reply));
  app.get('/play/:gameCode/*', (_request, reply) => sendIndex(reply));
  app.get('/verify', (_request, reply) => sendIndex(reply));
  app.get('/verify/*', (_request, reply) => sendIndex(reply));

  if (!existsSync(root))
    app.log.warn({ root }, 'studio frames not built: game pages answer 503 until they are');
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    // The platform (embedded) may have decorated reply.sendFile already; we never need it.
    decorateReply: false,
    index: false,
    wildcard: true,
    // @fastify/send writes its own `Cache-Control: public, max-age=0` after setHeaders runs, which
    // replaced the year asked for below: leave the header to setHeaders alone.
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
};
