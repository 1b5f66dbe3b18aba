import type { FastifyPluginAsync } from 'fastify';
import type { DepositsService } from './deposits.service';

/** Webhooks are small; anything bigger is not one of them. */
export const WEBHOOK_BODY_LIMIT_BYTES = 16_384;

/**
 * POST /payments/webhook/:provider — where payment providers report what happened to an order.
 * Its own (encapsulated) context keeps the raw body as bytes, whatever the content type, because
 * the signature covers exactly those bytes. Answers: 200 credited/failed/expired/replayed/already…,
 * 401 INVALID_SIGNATURE, 400 unreadable, 409 WEBHOOK_REFUSED (wrong amount, currency, reference or
 * order state — recorded, never credited).
 */
export const paymentsWebhookRoutes: FastifyPluginAsync<{ deposits: DepositsService }> = async (
  app,
  { deposits },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post<{ Params: { provider: string } }>(
    '/payments/webhook/:provider',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
      schema: {
        tags: ['payments'],
        summary: 'Payment provider webhook (sandbox: X-Sandbox-Signature, hex HMAC-SHA256 of the raw body)',
      },
    },
    async (request, reply) => {
      const answer = await deposits.handleWebhook(
        request.params.provider,
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        request.headers,
      );
      return reply.code(answer.status).send({
        success: answer.status === 200,
        code: answer.code,
        message: request.t(`errors:${answer.code}`, { outcome: answer.outcome }),
        value: { outcome: answer.outcome, firstOutcome: answer.firstOutcome },
      });
    },
  );
};
