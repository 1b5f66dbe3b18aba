import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

type CacheOptions = {
  /** Seconds a browser or CDN may reuse the answer without asking. */
  maxAgeSeconds: number;
  /** Member-specific answers must not be stored by shared caches. */
  isPrivate?: boolean;
};

/**
 * Sends a lobby read with an ETag and Cache-Control, answering 304 with no body when the client
 * already holds the same answer. The tag hashes the exact JSON sent, so it changes with the content,
 * the language and the merchant (which `Vary` names as well).
 */
export function sendCached<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  envelope: T,
  options: CacheOptions,
) {
  const body = JSON.stringify(envelope);
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag);
  reply.header(
    'cache-control',
    options.isPrivate
      ? 'private, no-cache'
      : `public, max-age=${options.maxAgeSeconds}, stale-while-revalidate=${options.maxAgeSeconds * 2}`,
  );
  reply.header('vary', 'lang, merchantCode, accept-language');
  const presented = request.headers['if-none-match'];
  if (presented?.split(',').some((tag) => tag.trim() === etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(body);
}
