import {
  adjustmentEnvelope,
  adjustmentListQuerySchema,
  adjustmentPageEnvelope,
  adjustmentParamsSchema,
  createAdjustmentBodySchema,
  parseSort,
  playerParamsSchema,
  rejectAdjustmentBodySchema,
} from '@sorte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/errors';
import { operatorRoute, operatorScope } from '../../plugins/operator-auth';
import type { AdjustmentsService } from './adjustments.service';

const tags = ['console'];
const actorOf = (request: FastifyRequest) => ({
  name: request.operator?.name ?? 'operator',
  merchantCode: operatorScope(request),
});

/** Manual adjustments (players.adjust): ask, list, and the second operator's approval or rejection. */
export const adjustmentsRoutes: FastifyPluginAsyncZod<{ adjustments: AdjustmentsService }> = async (
  app,
  { adjustments },
) => {
  const guard = operatorRoute('players.adjust');
  /** The audit log's "before" of a decision: the adjustment's state. */
  const decision = operatorRoute('players.adjust', async (request) => {
    const { adjustmentId } = request.params as { adjustmentId: string };
    const page = await adjustments.get(adjustmentId);
    return page ? { status: page.status, decidedBy: page.decidedBy } : undefined;
  });

  app.post(
    '/ops/console/players/:memberId/adjustments',
    {
      ...guard,
      schema: {
        tags,
        params: playerParamsSchema,
        body: createAdjustmentBodySchema,
        response: { 200: adjustmentEnvelope },
      },
    },
    async (request) =>
      ok(request, await adjustments.request(request.params.memberId, actorOf(request), request.body)),
  );

  app.get(
    '/ops/console/adjustments',
    {
      ...guard,
      schema: { tags, querystring: adjustmentListQuerySchema, response: { 200: adjustmentPageEnvelope } },
    },
    async (request) =>
      ok(
        request,
        await adjustments.list(
          { status: request.query.status, sort: parseSort(request.query.sort) },
          actorOf(request),
          request.query.pageNo,
          request.query.pageSize,
        ),
      ),
  );

  app.post(
    '/ops/console/adjustments/:adjustmentId/approve',
    { ...decision, schema: { tags, params: adjustmentParamsSchema, response: { 200: adjustmentEnvelope } } },
    async (request) => ok(request, await adjustments.approve(request.params.adjustmentId, actorOf(request))),
  );

  app.post(
    '/ops/console/adjustments/:adjustmentId/reject',
    {
      ...decision,
      schema: {
        tags,
        params: adjustmentParamsSchema,
        body: rejectAdjustmentBodySchema,
        response: { 200: adjustmentEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await adjustments.reject(request.params.adjustmentId, actorOf(request), request.body.reason),
      ),
  );
};
