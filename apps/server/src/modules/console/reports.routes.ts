import {
  channelReportEnvelope,
  channelReportQuerySchema,
  cohortReportEnvelope,
  cohortReportQuerySchema,
  gameReportEnvelope,
  gameReportQuerySchema,
} from '@sorte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/errors';
import { operatorRoute, operatorScope } from '../../plugins/operator-auth';
import type { ReportsService } from './reports.service';

const tags = ['console'];

/** The console's reports per vendor and game, per channel, and of player cohorts (reports.read). */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.get(
    '/ops/console/reports/games',
    {
      ...operatorRoute('reports.read'),
      schema: { tags, querystring: gameReportQuerySchema, response: { 200: gameReportEnvelope } },
    },
    async (request) =>
      ok(
        request,
        await reports.games({
          ...request.query,
          operatorMerchant: operatorScope(request),
          language: request.language,
        }),
      ),
  );

  app.get(
    '/ops/console/reports/channels',
    {
      ...operatorRoute('reports.read'),
      schema: { tags, querystring: channelReportQuerySchema, response: { 200: channelReportEnvelope } },
    },
    async (request) =>
      ok(request, await reports.channels({ ...request.query, operatorMerchant: operatorScope(request) })),
  );

  app.get(
    '/ops/console/reports/cohorts',
    {
      ...operatorRoute('reports.read'),
      schema: { tags, querystring: cohortReportQuerySchema, response: { 200: cohortReportEnvelope } },
    },
    async (request) =>
      ok(request, await reports.cohorts({ ...request.query, operatorMerchant: operatorScope(request) })),
  );
};
