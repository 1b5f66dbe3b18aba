import {
  consoleChannelListEnvelope,
  merchantSettingsEnvelope,
  merchantSettingsParamsSchema,
  updateMerchantSettingsBodySchema,
} from '@sorte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scopedMerchant } from '../../lib/operator-merchant';
import { ok } from '../../plugins/errors';
import { operatorRoute } from '../../plugins/operator-auth';
import type { MerchantSettingsService } from './merchant-settings.service';

const tags = ['console'];
type Params = { merchantCode: 'BR' | 'MX' | 'BD' };

/**
 * The console's merchant settings (settings.write) and the merchant's channels with their limits
 * (channels.write; changed through PUT /ops/payments/channels/:merchantCode/:code). An operator
 * limited to a merchant sees and changes only that merchant's.
 */
export const merchantSettingsRoutes: FastifyPluginAsyncZod<{ settings: MerchantSettingsService }> = async (
  app,
  { settings },
) => {
  app.get(
    '/ops/console/merchants/:merchantCode/settings',
    {
      ...operatorRoute('settings.write'),
      schema: { tags, params: merchantSettingsParamsSchema, response: { 200: merchantSettingsEnvelope } },
    },
    async (request) => ok(request, await settings.read(scopedMerchant(request, request.params.merchantCode))),
  );

  app.put(
    '/ops/console/merchants/:merchantCode/settings',
    {
      ...operatorRoute('settings.write', (request) =>
        settings.read(scopedMerchant(request, (request.params as Params).merchantCode)),
      ),
      schema: {
        tags,
        params: merchantSettingsParamsSchema,
        body: updateMerchantSettingsBodySchema,
        response: { 200: merchantSettingsEnvelope },
      },
    },
    async (request) =>
      ok(request, await settings.update(scopedMerchant(request, request.params.merchantCode), request.body)),
  );

  app.get(
    '/ops/console/merchants/:merchantCode/channels',
    {
      ...operatorRoute('channels.write'),
      schema: { tags, params: merchantSettingsParamsSchema, response: { 200: consoleChannelListEnvelope } },
    },
    async (request) =>
      ok(request, await settings.channels(scopedMerchant(request, request.params.merchantCode))),
  );
};
