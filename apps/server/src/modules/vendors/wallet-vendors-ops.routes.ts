import {
  consoleWalletVendorListEnvelope,
  rotatedWalletSecretEnvelope,
  rotateWalletSecretBodySchema,
  walletVendorParamsSchema,
} from '@sorte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAllMerchants } from '../../lib/operator-merchant';
import { ok } from '../../plugins/errors';
import { operatorRoute } from '../../plugins/operator-auth';
import type { WalletVendorsOpsService } from './wallet-vendors-ops.service';

const tags = ['console'];

/**
 * The console's wallet vendors (vendors.manage): who may call the seamless wallet, where each one's
 * secret lives, and its rotation with overlap. A wallet vendor serves every merchant, so only an
 * operator not limited to one may rotate. The answer carrying the new secret is not in the audit
 * log (it records what was sent, not what was answered).
 */
export const walletVendorsOpsRoutes: FastifyPluginAsyncZod<{ ops: WalletVendorsOpsService }> = async (
  app,
  { ops },
) => {
  app.get(
    '/ops/console/wallet-vendors',
    {
      ...operatorRoute('vendors.manage'),
      schema: { tags, response: { 200: consoleWalletVendorListEnvelope } },
    },
    async (request) => ok(request, await ops.list()),
  );

  app.post(
    '/ops/console/wallet-vendors/:code/secret',
    {
      ...operatorRoute('vendors.manage', (request) => ops.find((request.params as { code: string }).code)),
      schema: {
        tags,
        params: walletVendorParamsSchema,
        body: rotateWalletSecretBodySchema,
        response: { 200: rotatedWalletSecretEnvelope },
      },
    },
    async (request, reply) => {
      requireAllMerchants(request);
      reply.header('cache-control', 'no-store');
      return ok(request, await ops.rotate(request.params.code, request.body.overlapHours));
    },
  );
};
