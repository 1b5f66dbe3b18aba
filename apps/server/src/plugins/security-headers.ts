import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { inlineScriptHashes } from '@sorte/shared/csp';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config';
import { tokenOf } from './authenticate';

/**
 * The inline-script hashes of an HTML file as CSP sources ('' when it is not there: the web app not
 * built). Read at start-up and again whenever the file changes (a rebuild under a running server),
 * looked at no more than once a second: the page is served fresh from disk, so its CSP must be too.
 */
export function inlineScriptSourcesOf(path: string): () => string {
  let checkedAt = 0;
  let mtimeMs = -1;
  let sources = '';
  return () => {
    const now = Date.now();
    if (now - checkedAt < 1_000) return sources;
    checkedAt = now;
    const current = existsSync(path) ? statSync(path).mtimeMs : 0;
    if (current !== mtimeMs) {
      mtimeMs = current;
      sources = current ? inlineScriptHashes(readFileSync(path, 'utf8')).join(' ') : '';
    }
    return sources;
  };
}

const originOf = (url: string): string | null => {
  try {
    return /^https?:\/\//.test(url) ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/** Browser features the site never uses: off for it and anything it frames. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
  'browsing-topics=()',
].join(', ');

const contentStoreOrigin = (config: Config): string[] =>
  config.contentStore.kind === 's3' && config.contentStore.publicBaseUrl
    ? [config.contentStore.publicBaseUrl]
    : [];

/** The site's Content-Security-Policy directives (helmet's camelCase form). */
export function siteCspDirectives(config: Config, scriptSources: () => string): Record<string, string[]> {
  const cdnOrigins = (urls: string[]) => urls.map(originOf).filter((o): o is string => o !== null);
  const studioOrigin = originOf(config.studioUrl);
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    scriptSrc: ["'self'", scriptSources()],
    scriptSrcAttr: ["'none'"],
    // React and the UI kit set style attributes; styles cannot run code, so inline stays allowed.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Content pictures in a bucket with a public address (CONTENT_STORE=s3) are shown from there.
    imgSrc: ["'self'", 'data:', 'blob:', ...cdnOrigins([...config.imageCdns, ...contentStoreOrigin(config)])],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    frameSrc: ["'self'", ...(studioOrigin ? [studioOrigin] : []), ...cdnOrigins(config.launchGameCdns)],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/** `defaultSrc: ["'self'"]` → `default-src 'self'`, directives joined by "; ", empty sources left out. */
function serialisePolicy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) =>
      [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...sources.filter(Boolean)].join(' '),
    )
    .join('; ');
}

/** swagger-ui at /docs: its own scripts and styles, nothing inline but styles. */
const DOCS_CSP =
  "default-src 'self'; base-uri 'self'; object-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";

/**
 * The policy of a JSON answer: a browser that opens one renders no script, style, image or frame of
 * it, so nothing is allowed and nobody may frame it. Stricter than the site's policy, and a tenth of
 * its length on the API's many small answers (the site's policy lists every inline-script hash).
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** application/json, application/problem+json, application/manifest+json, ... */
const isJsonType = (type: unknown) =>
  typeof type === 'string' &&
  type.startsWith('application/') &&
  /^application\/(?:[\w.-]+\+)?json\b/.test(type);

const isDocsPath = (path: string) =>
  path === '/docs' || path.startsWith('/docs/') || path.startsWith('/docs?');

declare module 'fastify' {
  interface RouteShorthandOptions {
    /** `false`: no browser security headers (helmet's set) on this route, e.g. server-to-server calls. */
    helmet?: false;
  }
  interface FastifyContextConfig {
    /** Set from the route's `helmet: false`. */
    withoutHelmetHeaders?: boolean;
  }
}

type HelmetConfig = Parameters<typeof helmet>[0];

/**
 * The headers helmet sets for a configuration, found once by running its middleware against a
 * recorder: helmet's own middleware would rebuild its dozen header middlewares and set each header on
 * the raw response on every request (which also sends Node's header writing down its slow path).
 */
export function helmetHeaders(config: HelmetConfig): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(config)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers on every answer: helmet's set (no framing by others, nosniff, a referrer policy,
 * cross-origin policies), a permissions policy, and a strict CSP: for pages and files the site's
 * (scripts: this site's files plus the hashes of index.html's inline scripts), for JSON answers
 * API_CSP, for the API docs their own. HSTS only when the request really came over TLS (directly,
 * or through a trusted proxy's X-Forwarded-Proto), so a plain-HTTP dev server never pins itself to
 * HTTPS. Answers to a request carrying a session token are never stored by caches.
 *
 * Every header set is built once (the site's again only when index.html's inline scripts change)
 * and applied with one call from plain, non-async hooks: these run on every request, and on a cached
 * lobby read they were a large share of the server's time.
 */
export const securityHeadersPlugin = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    const scriptSources = inlineScriptSourcesOf(resolve(config.webDistDir, 'index.html'));
    const helmetSet = helmetHeaders({
      contentSecurityPolicy: false,
      // Set below, per request.
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // The lobby opens OAuth and game windows; they must still be able to talk back.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
    const withPolicy = (policy: string, helmetToo: boolean) =>
      Object.freeze({
        ...(helmetToo ? helmetSet : {}),
        'permissions-policy': PERMISSIONS_POLICY,
        'content-security-policy': policy,
      });
    const docs = withPolicy(DOCS_CSP, true);
    const docsPlain = withPolicy(DOCS_CSP, false);
    // The site's set, rewritten when the inline-script hashes change.
    let siteFor = '';
    let site = withPolicy('', true);
    let sitePlain = withPolicy('', false);
    const siteSet = (helmetToo: boolean) => {
      const sources = scriptSources();
      if (sources !== siteFor || !site['content-security-policy']) {
        const policy = serialisePolicy(siteCspDirectives(config, () => sources));
        siteFor = sources;
        site = withPolicy(policy, true);
        sitePlain = withPolicy(policy, false);
      }
      return helmetToo ? site : sitePlain;
    };

    app.addHook('onRoute', (route) => {
      if (route.helmet === false) route.config = { ...route.config, withoutHelmetHeaders: true };
    });
    app.addHook('onRequest', (request, reply, done) => {
      const helmetToo = request.routeOptions.config.withoutHelmetHeaders !== true;
      reply.headers(isDocsPath(request.url) ? (helmetToo ? docs : docsPlain) : siteSet(helmetToo));
      if (request.protocol === 'https')
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      // Operator answers (a key or the console's session cookie) are never stored either.
      if (tokenOf(request) || request.url.startsWith('/ops/')) reply.header('cache-control', 'no-store');
      // A JSON answer takes API_CSP instead of the site's policy (never instead of a route's own).
      if (
        isJsonType(reply.getHeader('content-type')) &&
        reply.getHeader('content-security-policy') === site['content-security-policy']
      )
        reply.header('content-security-policy', API_CSP);
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
