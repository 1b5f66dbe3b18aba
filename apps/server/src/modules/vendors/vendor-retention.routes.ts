import { vendorPurgeEnvelope } from '@sorte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAllMerchants } from '../../lib/operator-merchant';
import { ok } from '../../plugins/errors';
import { operatorRoute } from '../../plugins/operator-auth';
import { purgeVendorTransactions } from './vendor-retention';

/**
 * POST /ops/vendors/transactions/purge (vendors.manage): the retention purge, now. Vendor transactions
 * of every merchant go, so an operator limited to one merchant may not run it.
 */
export const vendorRetentionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/ops/vendors/transactions/purge',
    {
      ...operatorRoute('vendors.manage'),
      schema: {
        tags: ['console'],
        response: { 200: vendorPurgeEnvelope },
      },
    },
    async (request) => {
      requireAllMerchants(request);
      return ok(request, await purgeVendorTransactions(app.db, new Date()));
    },
  );
};
