import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createShellSender, shellPageOf } from './web-shell';

/** Paths that belong to the API: a miss there is a 404 envelope, never the web app's index page. */
const apiPrefixes = [
  '/wps',
  '/lgw',
  '/lotto',
  '/vendor',
  '/ops',
  '/ws',
  '/docs',
  '/healthz',
  '/readyz',
  '/studio',
];

export function isSpaRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (apiPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false;
  // A missing asset (a file name with an extension) is a real 404, not a page.
  return !/\.[a-z0-9]+$/i.test(path);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the built web app is served: answers a page route with index.html. */
    sendWebApp: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null;
  }
}

/** Text files the web build also writes as .br and .gz (apps/web/scripts/compress-dist.mjs). */
const precompressedTypes = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)(?:\.br|\.gz)?$/i;

/**
 * Serves the built web app (apps/web/dist) in production mode. Text files go out as the brotli or
 * gzip copy the build wrote beside them (no compression per request, and the API's compression is
 * registered after this plugin, so they are never compressed twice). Hashed files under /assets/
 * are cached for a year, everything else (index.html, the service worker, icons) revalidates, and
 * every page route falls back to index.html for the client router.
 */
export const webPlugin = fp<{ distDir: string; enabled: boolean }>(
  async (app, { distDir, enabled }) => {
    const root = resolve(distDir);
    const active = enabled && existsSync(resolve(root, 'index.html'));
    app.decorate('sendWebApp', null);
    if (!active) {
      if (enabled) app.log.warn({ root }, 'web app not built: serving the API only');
      return;
    }
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // @fastify/send writes its own `Cache-Control: public, max-age=0` after setHeaders runs,
      // which replaced the year asked for below: leave the header to setHeaders alone.
      cacheControl: false,
      setHeaders(res, path) {
        const hashed = path.includes(`${sep}assets${sep}`) || path.includes('/assets/');
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same address answers brotli, gzip or plain bytes by Accept-Encoding: caches must know.
        if (precompressedTypes.test(path)) res.setHeader('vary', 'accept-encoding');
      },
    });
    // index.html as text, read again when a new build replaces it.
    const indexFile = resolve(root, 'index.html');
    let index = { mtimeMs: -1, html: '' };
    const readIndex = () => {
      const { mtimeMs } = statSync(indexFile);
      if (mtimeMs !== index.mtimeMs) index = { mtimeMs, html: readFileSync(indexFile, 'utf8') };
      return index.html;
    };
    const sendShell = createShellSender(app, readIndex);
    app.sendWebApp = (request, reply) => {
      if (!isSpaRequest(request)) return reply;
      // The lobby pages get their first pictures in the HTML itself (web-shell.ts).
      const page = shellPageOf(request.url);
      if (page) {
        sendShell(request, reply, page).catch((error: unknown) => reply.send(error));
        return reply;
      }
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    };
  },
  { name: 'web' },
);
