import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import { inlineScriptHashes } from '@sorte/shared/csp';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
    imgSrc: ["'self'", 'data:', 'blob:', ...cdnOrigins(config.imageCdns)],
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
 * Security headers on every answer (helmet): a strict CSP (scripts: this site's files plus the
 * hashes of index.html's inline scripts), no framing by others, nosniff, a referrer policy and a
 * permissions policy. HSTS only when the request really came over TLS (directly, or through a
 * trusted proxy's X-Forwarded-Proto), so a plain-HTTP dev server never pins itself to HTTPS.
 * Answers to a request carrying a session token are never stored by caches.
 */
export const securityHeadersPlugin = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    const scriptSources = inlineScriptSourcesOf(resolve(config.webDistDir, 'index.html'));
    // The policy is written once per set of inline-script hashes, not on every request (helmet
    // would rebuild it for each answer, a visible share of a lobby read's CPU).
    let policyFor = '';
    let policy = '';
    const sitePolicy = () => {
      const sources = scriptSources();
      if (sources !== policyFor || !policy) {
        policyFor = sources;
        policy = serialisePolicy(siteCspDirectives(config, () => sources));
      }
      return policy;
    };
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: false,
      // Set below, per request.
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // The lobby opens OAuth and game windows; they must still be able to talk back.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
    app.addHook('onRequest', async (request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      reply.header('content-security-policy', sitePolicy());
      if (request.protocol === 'https')
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      const path = request.url;
      if (path === '/docs' || path.startsWith('/docs/') || path.startsWith('/docs?'))
        reply.header('content-security-policy', DOCS_CSP);
    });
    app.addHook('onSend', async (request, reply) => {
      if (tokenOf(request)) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security-headers' },
);
