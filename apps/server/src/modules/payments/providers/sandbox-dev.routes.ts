import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../plugins/errors';
import type { SandboxPaymentProvider } from './sandbox-provider';

/**
 * The sandbox provider's "payer", for development only (never registered in production or tests):
 * POST /dev/sandbox-payments/:orderId/{pay|fail|expire} makes the sandbox settle the order and send
 * its signed webhook to the platform over HTTP, as a real provider would.
 */
export const sandboxDevRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxPaymentProvider }> = async (
  app,
  { sandbox },
) => {
  app.post(
    '/dev/sandbox-payments/:orderId/:action',
    {
      schema: {
        tags: ['dev'],
        params: z.strictObject({
          orderId: z.string().regex(/^D[A-Z0-9]{16}$/),
          action: z.enum(['pay', 'fail', 'expire']),
        }),
      },
    },
    async (request) => {
      const { orderId, action } = request.params;
      const result = await sandbox[action](orderId);
      return ok(request, { webhookStatus: result.statusCode, eventId: result.event.eventId });
    },
  );
};
