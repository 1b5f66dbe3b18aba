import {
  dailyReportEnvelope,
  dailyReportQuerySchema,
  dashboardEnvelope,
  dashboardQuerySchema,
} from '@sorte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/errors';
import { operatorRoute } from '../../plugins/operator-auth';
import type { DashboardService } from './dashboard.service';
import { reportsRoutes } from './reports.routes';
import { ReportsService } from './reports.service';

const tags = ['console'];
const operatorMerchant = (request: FastifyRequest) => request.operator?.merchantCode ?? null;

/**
 * The console's dashboard and reports (reports.read), from the rollups the dashboard's refresh keeps:
 * the daily report here, the reports per game, channel and cohort in reports.routes.ts.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/ops/console/dashboard',
    {
      ...operatorRoute('reports.read'),
      schema: { tags, querystring: dashboardQuerySchema, response: { 200: dashboardEnvelope } },
    },
    async (request) =>
      ok(
        request,
        await dashboard.dashboard({ operatorMerchant: operatorMerchant(request), ...request.query }),
      ),
  );

  app.get(
    '/ops/console/reports/daily',
    {
      ...operatorRoute('reports.read'),
      schema: { tags, querystring: dailyReportQuerySchema, response: { 200: dailyReportEnvelope } },
    },
    async (request) =>
      ok(
        request,
        await dashboard.dailyReport({ operatorMerchant: operatorMerchant(request), ...request.query }),
      ),
  );

  await app.register(reportsRoutes, { reports: new ReportsService(app.db) });
};
