import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Game unavailable</title>
<style>body{font-family:system-ui,sans-serif;background:#111827;color:#f9fafb;display:grid;place-items:center;min-height:100vh;margin:0;padding:1rem;text-align:center}</style>
</head><body><main><h1>The game frames are not built yet</h1>
<p>Build them with <code>npm run build:web -w @sorte/studio</code>, then reload this page.</p></main></body></html>`;

/**
 * The game frames (a Vite build in apps/studio/dist/web): /studio/play/{gameCode} and /studio/verify
 * (and anything under them) answer index.html for the frame's router; other files are served as they
 * are, hashed assets cached for a year. Before the build exists the pages answer a clear 503.
 */
export const framesRoutes: FastifyPluginAsync<{ distDir: string }> = async (app, { distDir }) => {
  const root = resolve(distDir);
  const indexPath = join(root, 'index.html');
  let cached: { mtimeMs: number; html: Buffer } | null = null;

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
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: await readFile(indexPath) };
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
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
};
