import type { Server } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '@sorte/shared';
import type { FastifyError, FastifyHttpOptions, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { walletAnswer } from '../modules/vendors/seamless-wallet.service';
import { languageOf, sharedTranslator } from './i18n';

/**
 * Failures Fastify and Node answer before any route, hook or error handler runs: a path parameter
 * over maxParamLength (414), a URL that does not decode (400), headers too large (431), a request
 * that broke HTTP framing (400) or did not arrive whole in time (408). Their default bodies are
 * Fastify's own JSON (and echo the input); these answer in the API's envelope, in the caller's
 * language when its headers were readable, and on the vendor wallet in the protocol's own form
 * (HTTP 200, INVALID_REQUEST), never echoing what was sent.
 */

const VENDOR_WALLET_PATH = /^\/vendor\/[^/?#]*\/wallet(?:[/?#]|$)/;
const JSON_TYPE = 'application/json; charset=utf-8';

type Answer = { status: number; body: string };

function answerFor(
  path: string,
  status: number,
  code: ErrorCode,
  language: ReturnType<typeof languageOf>,
): Answer {
  if (VENDOR_WALLET_PATH.test(path))
    return { status: 200, body: walletAnswer('INVALID_REQUEST', null, null, null) };
  const message = sharedTranslator()(language)(`errors:${code}`);
  return { status, body: JSON.stringify({ success: false, code, message, value: null }) };
}

/** Fastify's `frameworkErrors`: router failures, with a request object but before any hook ran. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const [status, code]: [number, ErrorCode] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, 'URI_TOO_LONG']
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, 'BAD_REQUEST']
        : [500, 'INTERNAL_ERROR'];
  if (status === 500) request.log.error({ err: error }, 'framework error');
  const answer = answerFor(request.raw.url ?? '/', status, code, languageOf(request));
  return reply
    .code(answer.status)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .type(JSON_TYPE)
    .send(answer.body);
}

/** The request line's path and the headers a raw packet shows, for a request Node could not parse. */
function readPacket(raw: unknown): { path: string; headers: Record<string, string> } {
  // Node passes the bytes it had read as a Buffer (its typings say otherwise).
  const text = Buffer.isBuffer(raw) ? raw.subarray(0, 16_384).toString('latin1') : '';
  const [requestLine = '', ...lines] = text.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { path: requestLine.split(' ')[1] ?? '/', headers };
}

/** Node's `clientError`: HTTP the parser refused, headers too large, a request timed out. */
export function clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code]: [number, ErrorCode] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'HEADERS_TOO_LARGE']
        : [400, 'BAD_REQUEST'];
  const { path, headers } = readPacket(error.rawPacket);
  const answer = answerFor(
    path,
    status,
    code,
    languageOf({ headers, query: {} } as unknown as FastifyRequest),
  );
  // A response already under way (a slow client reading it) cannot get a second one.
  const response = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !response?.headersSent) {
    const length = Buffer.byteLength(answer.body);
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\nContent-Type: ${JSON_TYPE}\r\n` +
        `Content-Length: ${length}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n` +
        `Connection: close\r\n\r\n${answer.body}`,
    );
  }
  socket.destroy();
}

/** The server options for time limits and framework errors (buildApp passes them to Fastify). */
export function serverOptions(config: Config): Partial<FastifyHttpOptions<Server>> {
  const { requestMs, headersMs, keepAliveMs, connectionMs } = config.timeouts;
  return {
    requestTimeout: requestMs,
    keepAliveTimeout: keepAliveMs,
    connectionTimeout: connectionMs,
    // Node looks for late requests on this interval: a tenth of the limit, so it holds closely.
    http: {
      headersTimeout: headersMs,
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, requestMs / 10)),
    },
    frameworkErrors,
    clientErrorHandler,
  };
}
