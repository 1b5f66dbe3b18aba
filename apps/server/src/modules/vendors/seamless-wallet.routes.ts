import { seamlessWalletActions, vendorSignatureHeader } from '@sorte/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sendError } from '../../plugins/errors';
import { type SeamlessWalletService, walletAnswer } from './seamless-wallet.service';

/** Wallet calls are small; anything bigger is not one of them. */
export const VENDOR_BODY_LIMIT_BYTES = 16_384;

const JSON_TYPE = 'application/json; charset=utf-8';

const sendAnswer = (reply: FastifyReply, body: string, signature: string | null) => {
  if (signature) reply.header(vendorSignatureHeader, signature);
  return reply.code(200).header('cache-control', 'no-store').type(JSON_TYPE).send(body);
};

/**
 * POST /vendor/{vendorCode}/wallet/{action}: the seamless-wallet endpoint. Registered as its own
 * (encapsulated) context: its body parser keeps the raw bytes for the signature check, whatever the
 * content type, and its error handler answers every request-side failure with the protocol's
 * INVALID_REQUEST (HTTP 200), never the API envelope. Only a failure of ours (the database away) is
 * a 500: for the vendor an outcome it must retry or roll back.
 */
export const seamlessWalletRoutes: FastifyPluginAsync<{ wallet: SeamlessWalletService }> = async (
  app,
  { wallet },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status < 500) return sendAnswer(reply, walletAnswer('INVALID_REQUEST', null, null, null), null);
    request.log.error({ err: error, requestId: request.id }, 'vendor wallet call failed');
    return sendError(request, reply, 500, 'INTERNAL_ERROR', {}, { requestId: request.id });
  });

  // Everything else under a vendor's wallet (no action, a deeper path, another method) is still a
  // wallet call gone wrong: the protocol's INVALID_REQUEST, never the API's 404 or 405 envelope.
  const invalidRequest = async (_request: unknown, reply: FastifyReply) =>
    sendAnswer(reply, walletAnswer('INVALID_REQUEST', null, null, null), null);
  app.all('/vendor/:vendorCode/wallet', { schema: { hide: true } }, invalidRequest);
  app.all('/vendor/:vendorCode/wallet/:action/*', { schema: { hide: true } }, invalidRequest);
  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/vendor/:vendorCode/wallet/:action',
    schema: { hide: true },
    handler: invalidRequest,
  });

  app.post<{ Params: { vendorCode: string; action: string } }>(
    '/vendor/:vendorCode/wallet/:action',
    {
      bodyLimit: VENDOR_BODY_LIMIT_BYTES,
      // A vendor's server calls this thousands of times a second: browser headers (CSP, framing,
      // permissions) mean nothing to it: helmet's set is left out (plugins/security-headers).
      helmet: false,
      // Two access-log lines a call would be most of the log; every call is recorded in
      // vendor_transactions with its exact answer, and failures are still logged (error handler).
      logLevel: 'warn',
      schema: {
        tags: ['vendors'],
        summary: `Seamless wallet: ${seamlessWalletActions.join(', ')}`,
        description:
          'Signed with X-Signature (hex HMAC-SHA256 of the raw body, vendor secret). Always HTTP 200 with ' +
          '{status, balance, currency, transactionId}; see packages/shared/src/contracts/seamless-wallet.ts.',
      },
    },
    async (request, reply) => {
      const signature = request.headers[vendorSignatureHeader];
      const { body, signature: answerSignature } = await wallet.handle({
        vendorCode: request.params.vendorCode,
        action: request.params.action,
        rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        signature: Array.isArray(signature) ? signature[0] : signature,
      });
      return sendAnswer(reply, body, answerSignature);
    },
  );
};
