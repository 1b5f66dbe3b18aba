import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** A page of the console (not one of its files): answered with its index.html for its router. */
export const isConsolePage = (request: FastifyRequest) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  return (path === '/console' || path.startsWith('/console/')) && !/\.[a-z0-9]+$/i.test(path);
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the console is built and served: answers a console page with its index.html. */
    sendConsoleApp: ((reply: FastifyReply) => FastifyReply) | null;
  }
}

/**
 * Serves the operator console (apps/console/dist) under /console, apart from the player site: its
 * own files, never in the player's bundle. Like the site: precompressed text files, hashed assets
 * cached for a year, index.html revalidated. Files are looked up per request (a rebuild while the
 * server runs is served at once); a path that is no file is a console page, answered with
 * index.html by the not-found handler (errors.ts) for the console's router.
 */
export const consoleAppPlugin = fp<{ distDir: string; enabled: boolean }>(
  async (app, { distDir, enabled }) => {
    const root = resolve(distDir);
    app.decorate('sendConsoleApp', null);
    if (!enabled || !existsSync(resolve(root, 'index.html'))) {
      if (enabled) app.log.warn({ root }, 'operator console not built: /console is not served');
      return;
    }
    // index.html as text, read again when a new build replaces it.
    const indexFile = resolve(root, 'index.html');
    let index = { mtimeMs: -1, html: '' };
    app.sendConsoleApp = (reply) => {
      const { mtimeMs } = statSync(indexFile);
      if (mtimeMs !== index.mtimeMs) index = { mtimeMs, html: readFileSync(indexFile, 'utf8') };
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index.html);
    };
    await app.register(fastifyStatic, {
      root,
      prefix: '/console/',
      decorateReply: false,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        const hashed = path.includes(`${sep}assets${sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  },
  { name: 'console-app' },
);
