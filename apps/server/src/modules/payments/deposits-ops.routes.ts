import {
  depositOrderParamsSchema,
  manualCreditParamsSchema,
  operatorDepositDetailEnvelope,
  operatorDepositListQuerySchema,
  operatorDepositPageEnvelope,
  rejectManualCreditBodySchema,
  requestManualCreditBodySchema,
} from '@sorte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/errors';
import { operatorRoute, operatorScope } from '../../plugins/operator-auth';
import type { DepositOpsService } from './deposit-ops.service';

const tags = ['operator'];
const actorOf = (request: FastifyRequest) => ({
  name: request.operator?.name ?? 'unknown',
  merchantCode: operatorScope(request),
});

/**
 * The deposits screen's API: orders (deposits.read) and manual credits of paid-but-missed orders,
 * asked by one operator and approved or rejected by another (deposits.decide).
 */
export const depositsOpsRoutes: FastifyPluginAsyncZod<{ depositOps: DepositOpsService }> = async (
  app,
  { depositOps },
) => {
  /** The audit log's "before" of a manual credit decision: the order's and the request's state. */
  const creditBefore = (request: FastifyRequest) => {
    const { orderId, creditId } = request.params as { orderId: string; creditId?: string };
    return depositOps.auditState(orderId, creditId === undefined ? null : BigInt(creditId), actorOf(request));
  };

  app.get(
    '/ops/payments/deposits',
    {
      ...operatorRoute('deposits.read'),
      schema: {
        tags,
        querystring: operatorDepositListQuerySchema,
        response: { 200: operatorDepositPageEnvelope },
      },
    },
    async (request) => ok(request, await depositOps.list(request.query, actorOf(request))),
  );

  app.get(
    '/ops/payments/deposits/:orderId',
    {
      ...operatorRoute('deposits.read'),
      schema: { tags, params: depositOrderParamsSchema, response: { 200: operatorDepositDetailEnvelope } },
    },
    async (request) => ok(request, await depositOps.detail(request.params.orderId, actorOf(request))),
  );

  app.post(
    '/ops/payments/deposits/:orderId/manual-credits',
    {
      ...operatorRoute('deposits.decide', creditBefore),
      schema: {
        tags,
        params: depositOrderParamsSchema,
        body: requestManualCreditBodySchema,
        response: { 200: operatorDepositDetailEnvelope },
      },
    },
    async (request) =>
      ok(request, await depositOps.requestCredit(request.params.orderId, actorOf(request), request.body)),
  );

  app.post(
    '/ops/payments/deposits/:orderId/manual-credits/:creditId/approve',
    {
      ...operatorRoute('deposits.decide', creditBefore),
      schema: { tags, params: manualCreditParamsSchema, response: { 200: operatorDepositDetailEnvelope } },
    },
    async (request) =>
      ok(
        request,
        await depositOps.approveCredit(
          request.params.orderId,
          BigInt(request.params.creditId),
          actorOf(request),
        ),
      ),
  );

  app.post(
    '/ops/payments/deposits/:orderId/manual-credits/:creditId/reject',
    {
      ...operatorRoute('deposits.decide', creditBefore),
      schema: {
        tags,
        params: manualCreditParamsSchema,
        body: rejectManualCreditBodySchema,
        response: { 200: operatorDepositDetailEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await depositOps.rejectCredit(
          request.params.orderId,
          BigInt(request.params.creditId),
          actorOf(request),
          request.body.reason,
        ),
      ),
  );
};
