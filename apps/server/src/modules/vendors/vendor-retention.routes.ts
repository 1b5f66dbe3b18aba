import { envelopeOf } from '@sorte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/errors';
import { operatorRoute } from '../../plugins/operator-auth';
import { purgeVendorTransactions } from './vendor-retention';

/** POST /ops/vendors/transactions/purge (vendors.manage): the retention purge, now. */
export const vendorRetentionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/ops/vendors/transactions/purge',
    {
      ...operatorRoute('vendors.manage'),
      schema: {
        tags: ['console'],
        response: { 200: envelopeOf(z.object({ deleted: z.number().int(), cutoff: z.string() })) },
      },
    },
    async (request) => ok(request, await purgeVendorTransactions(app.db, new Date())),
  );
};
