import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { COMPRESSION_THRESHOLD_BYTES } from '../lib/http-cache';

/**
 * Routes whose answers go out exactly as written. Vendor wallet answers are small, and vendors replay
 * a call and compare the stored answer byte for byte (modules/vendors keeps it verbatim), so they
 * must never depend on the caller's Accept-Encoding.
 */
const uncompressedPrefixes = ['/vendor/'];

const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/)/i;

/**
 * An answer big enough to be compressed depends on Accept-Encoding even when this client accepted
 * none, so shared caches must key on it too (@fastify/compress says so only when it compresses).
 */
const varyOnEncoding: onSendHookHandler = (_request, reply, payload, done) => {
  if (
    (typeof payload === 'string' || Buffer.isBuffer(payload)) &&
    Buffer.byteLength(payload) >= COMPRESSION_THRESHOLD_BYTES &&
    !reply.hasHeader('content-encoding') &&
    COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))
  ) {
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'accept-encoding');
    else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${vary}, accept-encoding`);
  }
  done(null, payload);
};

function addOnSend(route: RouteOptions, hook: onSendHookHandler) {
  const existing = route.onSend;
  route.onSend = existing ? [...(Array.isArray(existing) ? existing : [existing]), hook] : [hook];
}

/**
 * Compresses API answers above ~1 KB with brotli or gzip, as Accept-Encoding asks, for phones on slow
 * networks. Per-request compression uses brotli quality 4 (not zlib's 11) so CPU stays low under
 * load; the cached lobby reads bring their own compressions (lib/http-cache) and carry
 * Content-Encoding, which the plugin leaves alone, as it does precompressed static files. WebSocket
 * upgrades and the vendor wallet are never compressed. Request bodies are not decompressed: no caller
 * sends compressed bodies, and inflating them would sidestep the body limits.
 * Only routes added after this plugin are affected, so register it before the modules.
 */
export const compressionPlugin = fp(
  async (app) => {
    // Added before @fastify/compress so it runs first and the plugin sees `compress: false`.
    app.addHook('onRoute', (route) => {
      if (route.compress !== undefined) return;
      if (route.websocket || uncompressedPrefixes.some((prefix) => route.url.startsWith(prefix))) {
        route.compress = false;
        return;
      }
      addOnSend(route, varyOnEncoding);
    });
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      threshold: COMPRESSION_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      brotliOptions: {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
