import { createReadStream } from 'node:fs';
import {
  operatorWithdrawalEnvelope,
  operatorWithdrawalListQuerySchema,
  operatorWithdrawalPageEnvelope,
  parseSort,
  paymentChannelCodes,
  rejectWithdrawalBodySchema,
  resolveDisputeBodySchema,
  updatePaymentChannelBodySchema,
  withdrawalParamsSchema,
  withdrawalRiskEnvelope,
} from '@sorte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../plugins/errors';
import { operatorRoute, operatorScope } from '../../plugins/operator-auth';
import type { Payments } from './payments-services';

const operatorName = (request: FastifyRequest) => request.operator?.name ?? 'unknown';
const scopeOf = operatorScope;

/**
 * Operator API for payments, for the console (session cookie) and for automation (`x-operator-key`
 * with a role): reading the queue needs withdrawals.read, deciding withdrawals.decide, channels
 * channels.write.
 */
export const paymentsOpsRoutes: FastifyPluginAsyncZod<{
  payments: Pick<Payments, 'decisions' | 'channels' | 'disputes'>;
}> = async (app, { payments }) => {
  /** The audit log's "before" of a decision: where the withdrawal stood. */
  const withdrawalBefore = async (request: FastifyRequest) => {
    const { withdrawalId } = request.params as { withdrawalId: string };
    const w = await payments.decisions.operatorWithdrawal(withdrawalId, scopeOf(request));
    return {
      status: w.status,
      payoutFailed: w.payoutFailed,
      operator: w.operator,
      reason: w.reason,
      dispute: w.dispute,
    };
  };

  app.get(
    '/ops/payments/withdrawals',
    {
      ...operatorRoute('withdrawals.read'),
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
          {
            status: request.query.status,
            dispute: request.query.dispute,
            merchantCode: scopeOf(request),
            sort: parseSort(request.query.sort),
          },
          request.query.pageNo,
          request.query.pageSize,
        ),
      ),
  );

  app.get(
    '/ops/payments/withdrawals/:withdrawalId',
    {
      ...operatorRoute('withdrawals.read'),
      schema: {
        tags: ['operator'],
        params: withdrawalParamsSchema,
        response: { 200: operatorWithdrawalEnvelope },
      },
    },
    async (request) =>
      ok(request, await payments.decisions.operatorWithdrawal(request.params.withdrawalId, scopeOf(request))),
  );

  app.get(
    '/ops/payments/withdrawals/:withdrawalId/risk',
    {
      ...operatorRoute('withdrawals.read'),
      schema: {
        tags: ['operator'],
        params: withdrawalParamsSchema,
        response: { 200: withdrawalRiskEnvelope },
      },
    },
    async (request) =>
      ok(request, await payments.decisions.riskFacts(request.params.withdrawalId, scopeOf(request))),
  );

  app.get(
    '/ops/payments/withdrawals/:withdrawalId/proofs/:proofId',
    {
      ...operatorRoute('withdrawals.read'),
      schema: {
        tags: ['operator'],
        params: withdrawalParamsSchema.extend({ proofId: z.string().regex(/^[1-9][0-9]{0,17}$/) }),
      },
    },
    async (request, reply) => {
      const file = await payments.decisions.proofFile(
        request.params.withdrawalId,
        BigInt(request.params.proofId),
        scopeOf(request),
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
      ...operatorRoute('withdrawals.decide', withdrawalBefore),
      schema: {
        tags: ['operator'],
        params: withdrawalParamsSchema,
        response: { 200: operatorWithdrawalEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await payments.decisions.approve(
          request.params.withdrawalId,
          operatorName(request),
          scopeOf(request),
        ),
      ),
  );

  app.post(
    '/ops/payments/withdrawals/:withdrawalId/reject',
    {
      ...operatorRoute('withdrawals.decide', withdrawalBefore),
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
          scopeOf(request),
        ),
      ),
  );

  app.post(
    '/ops/payments/withdrawals/:withdrawalId/return',
    {
      ...operatorRoute('withdrawals.decide', withdrawalBefore),
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
        await payments.decisions.returnFailedPayout(
          request.params.withdrawalId,
          operatorName(request),
          request.body.reason,
          scopeOf(request),
        ),
      ),
  );

  app.post(
    '/ops/payments/withdrawals/:withdrawalId/dispute',
    {
      ...operatorRoute('withdrawals.decide', withdrawalBefore),
      schema: {
        tags: ['operator'],
        params: withdrawalParamsSchema,
        body: resolveDisputeBodySchema,
        response: { 200: operatorWithdrawalEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await payments.disputes.resolve(
          request.params.withdrawalId,
          request.body.resolution,
          operatorName(request),
          request.body.reason,
          scopeOf(request),
        ),
      ),
  );

  app.put(
    '/ops/payments/channels/:merchantCode/:code',
    {
      ...operatorRoute('channels.write'),
      schema: {
        tags: ['operator'],
        params: z.strictObject({
          merchantCode: z.enum(['BR', 'MX', 'BD']),
          code: z.enum(paymentChannelCodes),
        }),
        body: updatePaymentChannelBodySchema,
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      if (scope !== null && scope !== request.params.merchantCode) throw new AppError(404, 'NOT_FOUND');
      return ok(
        request,
        await payments.channels.updateChannel(request.params.merchantCode, request.params.code, request.body),
      );
    },
  );
};
