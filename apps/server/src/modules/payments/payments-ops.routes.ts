import { createReadStream } from 'node:fs';
import {
  operatorWithdrawalEnvelope,
  operatorWithdrawalListQuerySchema,
  operatorWithdrawalPageEnvelope,
  paymentChannelCodes,
  rejectWithdrawalBodySchema,
  updatePaymentChannelBodySchema,
  withdrawalParamsSchema,
} from '@sorte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/errors';
import { requireOperatorRole } from '../../plugins/operator-auth';
import type { Payments } from './payments-services';

const operatorName = (request: FastifyRequest) => request.operator?.name ?? 'unknown';

/**
 * Operator API for payments, until the operator console exists: every call needs `x-operator-key`
 * holding the 'payments' role (OPERATOR_API_KEY, or an operator_keys row with that role).
 */
export const paymentsOpsRoutes: FastifyPluginAsyncZod<{
  payments: Pick<Payments, 'decisions' | 'channels'>;
}> = async (app, { payments }) => {
  const guard = { preHandler: requireOperatorRole('payments') };

  app.get(
    '/ops/payments/withdrawals',
    {
      ...guard,
      schema: {
        tags: ['operator'],
        querystring: operatorWithdrawalListQuerySchema,
        response: { 200: operatorWithdrawalPageEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await payments.decisions.operatorWithdrawals(
          request.query.status,
          request.query.pageNo,
          request.query.pageSize,
        ),
      ),
  );

  app.get(
    '/ops/payments/withdrawals/:withdrawalId',
    {
      ...guard,
      schema: {
        tags: ['operator'],
        params: withdrawalParamsSchema,
        response: { 200: operatorWithdrawalEnvelope },
      },
    },
    async (request) => ok(request, await payments.decisions.operatorWithdrawal(request.params.withdrawalId)),
  );

  app.get(
    '/ops/payments/withdrawals/:withdrawalId/proofs/:proofId',
    {
      ...guard,
      schema: {
        tags: ['operator'],
        params: withdrawalParamsSchema.extend({ proofId: z.string().regex(/^[1-9][0-9]{0,17}$/) }),
      },
    },
    async (request, reply) => {
      const file = await payments.decisions.proofFile(
        request.params.withdrawalId,
        BigInt(request.params.proofId),
      );
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(createReadStream(file.path));
    },
  );

  app.post(
    '/ops/payments/withdrawals/:withdrawalId/approve',
    {
      ...guard,
      schema: {
        tags: ['operator'],
        params: withdrawalParamsSchema,
        response: { 200: operatorWithdrawalEnvelope },
      },
    },
    async (request) =>
      ok(request, await payments.decisions.approve(request.params.withdrawalId, operatorName(request))),
  );

  app.post(
    '/ops/payments/withdrawals/:withdrawalId/reject',
    {
      ...guard,
      schema: {
        tags: ['operator'],
        params: withdrawalParamsSchema,
        body: rejectWithdrawalBodySchema,
        response: { 200: operatorWithdrawalEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await payments.decisions.reject(
          request.params.withdrawalId,
          operatorName(request),
          request.body.reason,
        ),
      ),
  );

  app.put(
    '/ops/payments/channels/:merchantCode/:code',
    {
      ...guard,
      schema: {
        tags: ['operator'],
        params: z.strictObject({
          merchantCode: z.enum(['BR', 'MX', 'BD']),
          code: z.enum(paymentChannelCodes),
        }),
        body: updatePaymentChannelBodySchema,
      },
    },
    async (request) =>
      ok(
        request,
        await payments.channels.updateChannel(request.params.merchantCode, request.params.code, request.body),
      ),
  );
};
