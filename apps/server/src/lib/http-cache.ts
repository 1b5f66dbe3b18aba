import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers smaller than this go out as they are: below ~1 KB the saved bytes do not pay for the CPU,
 * and the headers dominate anyway. Shared with plugins/compression, so both paths agree on what is
 * compressed.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export type ContentCoding = 'br' | 'gzip';

/**
 * The compression a client gets, decided like @fastify/compress decides it (br before gzip on equal
 * weight, `*` and `x-gzip` taken as gzip), so a cached answer sent as identity is one the plugin would
 * not have compressed either. Null: send identity.
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentCoding | null {
  if (!header) return null;
  let br = 0;
  let gz = 0;
  for (const part of (Array.isArray(header) ? header.join(',') : header).toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const weight = params.find((p) => p.startsWith('q='));
    const q = weight === undefined ? 1 : Number(weight.slice(2)) || 0;
    if (name === 'br') br = Math.max(br, q);
    else if (name === 'gzip' || name === 'x-gzip' || name === '*') gz = Math.max(gz, q);
  }
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : null;
}

/**
 * Compressing a cached answer happens once per distinct answer, off the event loop, so it can afford a
 * better ratio than per-request compression (plugins/compression, quality 4). Quality 9, not 11: on
 * lobby JSON 11 saves a further ~5-10% (tens of bytes) for 10-20 times the CPU, and distinct answers
 * (game searches) are each compressed once, so a flood of them must stay cheap.
 */
export const CACHED_BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 9,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
};
export const CACHED_GZIP_OPTIONS = { level: 9 };

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What goes out for one answer in one encoding: the bytes and every header of theirs. */
type Variant = { body: Buffer; headers: Readonly<Record<string, string>> };

/** The answer's header sets for one max-age, built on first use: 304, identity, br, gzip. */
type Variants = {
  notModified: Readonly<Record<string, string>>;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
};

/**
 * A public answer ready to send: the JSON, its tag, its compressions when it is big enough, and per
 * max-age the header sets of each encoding, so a read sets them in one go and nothing is computed
 * per request.
 */
type PreparedAnswer = {
  etag: string;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  variants?: Map<number, Variants>;
};
type Slot = PreparedAnswer | Promise<PreparedAnswer>;

/** Distinct public answers kept at once; the oldest goes first when full. */
const MAX_PREPARED = 2_000;

/**
 * The prepared public answers of this instance. The lobby services (games, content) hand out the very
 * same answer object while their cache entry lives, so `byValue` finds the serialised answer and its
 * compressions without even serialising: they are made once per cache fill, not per request. `byTag`
 * (keyed by the ETag, a hash of the JSON) catches an answer rebuilt with the same content, e.g. after
 * the services' cache expired, so it is not compressed again; changed content gets a new entry.
 */
const byTag = new Map<string, Slot>();
const byValue = new WeakMap<object, Map<string, Slot>>();

const tagOf = (body: string) => `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

function prepare(body: string): Slot {
  const etag = tagOf(body);
  const known = byTag.get(etag);
  if (known) return known;
  const bytes = Buffer.from(body);
  let slot: Slot;
  if (bytes.length < COMPRESSION_THRESHOLD_BYTES) {
    slot = { etag, body: bytes };
  } else {
    slot = Promise.all([brotliAsync(bytes, CACHED_BROTLI_OPTIONS), gzipAsync(bytes, CACHED_GZIP_OPTIONS)])
      .then(([br, gz]): PreparedAnswer => ({ etag, body: bytes, br, gzip: gz }))
      // Never fail the read over compression: the plugin would compress per request instead.
      .catch((): PreparedAnswer => ({ etag, body: bytes }))
      .then((ready) => {
        if (byTag.get(etag) === slot) byTag.set(etag, ready);
        return ready;
      });
  }
  if (byTag.size >= MAX_PREPARED) byTag.delete(byTag.keys().next().value as string);
  byTag.set(etag, slot);
  return slot;
}

function preparedFor(envelope: { message: string; value: unknown }): Slot {
  const { value, message } = envelope;
  if (typeof value !== 'object' || value === null) return prepare(JSON.stringify(envelope));
  let perMessage = byValue.get(value);
  const known = perMessage?.get(message);
  if (known) return known;
  const slot = prepare(JSON.stringify(envelope));
  if (!perMessage) {
    perMessage = new Map();
    byValue.set(value, perMessage);
  }
  perMessage.set(message, slot);
  return slot;
}

type CacheOptions = {
  /** Seconds a browser or CDN may reuse the answer without asking. */
  maxAgeSeconds: number;
  /** Member-specific answers must not be stored by shared caches. */
  isPrivate?: boolean;
};

const matches = (request: FastifyRequest, etag: string) =>
  request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag) ?? false;

/**
 * Sends a lobby read with an ETag and Cache-Control, answering 304 with no body when the client
 * already holds the same answer. The tag hashes the exact JSON sent, so it changes with the content,
 * the language and the merchant (which `Vary` names as well).
 *
 * Public answers are sent from the prepared cache, already brotli- or gzip-compressed to suit
 * Accept-Encoding (with Content-Encoding set, which @fastify/compress leaves alone). The tag is weak
 * and the same for every encoding: the encodings carry the same JSON, and a weak tag promises only
 * that (RFC 9110 8.8.1), so a 304 answers any of them. Private answers are never stored here; the
 * compression plugin compresses them per request.
 */
export function sendCached<T extends { message: string; value: unknown }>(
  request: FastifyRequest,
  reply: FastifyReply,
  envelope: T,
  options: CacheOptions,
): FastifyReply | Promise<FastifyReply> {
  if (options.isPrivate) {
    const body = JSON.stringify(envelope);
    const etag = tagOf(body);
    reply.header('etag', etag);
    // A member's own answer: never stored by a cache (the security headers say so for any answer to
    // a request with a session token; said here too so this helper stands on its own).
    reply.header('cache-control', 'no-store');
    reply.header('vary', 'lang, merchantCode, accept-language');
    if (matches(request, etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  }
  const slot = preparedFor(envelope);
  return slot instanceof Promise
    ? slot.then((ready) => sendPrepared(request, reply, ready, options))
    : sendPrepared(request, reply, slot, options);
}

/**
 * negotiateEncoding's answer by Accept-Encoding value: browsers send a handful of distinct values, so
 * each is parsed once, not on every read (bounded, for clients that send anything at all).
 */
const codingByHeader = new Map<string, ContentCoding | null>();
function codingOf(header: string | string[] | undefined): ContentCoding | null {
  if (typeof header !== 'string') return negotiateEncoding(header);
  let coding = codingByHeader.get(header);
  if (coding === undefined) {
    coding = negotiateEncoding(header);
    if (codingByHeader.size >= 256) codingByHeader.clear();
    codingByHeader.set(header, coding);
  }
  return coding;
}

const VARY_PUBLIC = 'lang, merchantCode, accept-language, accept-encoding';
const JSON_TYPE = 'application/json; charset=utf-8';

function variantsOf(prepared: PreparedAnswer, maxAgeSeconds: number): Variants {
  let variants = prepared.variants?.get(maxAgeSeconds);
  if (variants) return variants;
  const common = {
    etag: prepared.etag,
    'cache-control': `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${maxAgeSeconds * 2}`,
    vary: VARY_PUBLIC,
  };
  const variant = (body: Buffer, coding?: ContentCoding): Variant => ({
    body,
    headers: Object.freeze({
      ...common,
      'content-type': JSON_TYPE,
      ...(coding ? { 'content-encoding': coding } : {}),
      'content-length': String(body.length),
    }),
  });
  variants = {
    notModified: Object.freeze({ ...common }),
    identity: variant(prepared.body),
    br: prepared.br && variant(prepared.br, 'br'),
    gzip: prepared.gzip && variant(prepared.gzip, 'gzip'),
  };
  prepared.variants ??= new Map();
  prepared.variants.set(maxAgeSeconds, variants);
  return variants;
}

function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedAnswer,
  options: CacheOptions,
) {
  const variants = variantsOf(prepared, options.maxAgeSeconds);
  if (matches(request, prepared.etag)) return reply.headers(variants.notModified).code(304).send();
  const coding = prepared.br ? codingOf(request.headers['accept-encoding']) : null;
  const chosen = (coding && variants[coding]) || variants.identity;
  return reply.headers(chosen.headers).send(chosen.body);
}
