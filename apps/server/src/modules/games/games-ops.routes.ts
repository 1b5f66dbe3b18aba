import {
  consoleGameEnvelope,
  consoleGameListQuerySchema,
  consoleGamePageEnvelope,
  consoleGameParamsSchema,
  consoleVendorEnvelope,
  consoleVendorListEnvelope,
  consoleVendorParamsSchema,
  consoleVendorSortingEnvelope,
  moveConsoleGameBodySchema,
  saveVendorSortingBodySchema,
  updateConsoleGameBodySchema,
  updateConsoleVendorBodySchema,
  vendorSortingParamsSchema,
} from '@sorte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAllMerchants, scopedMerchant } from '../../lib/operator-merchant';
import { ok } from '../../plugins/errors';
import { operatorRoute } from '../../plugins/operator-auth';
import type { GamesOpsService } from './games-ops.service';

const tags = ['console'];

type GameRequest = FastifyRequest<{ Params: { nodeId: number }; Body: { merchantCode: 'BR' | 'MX' | 'BD' } }>;

/**
 * The console's games and vendors (vendors.manage): a merchant's games with their switches and
 * order, vendors on/off and in maintenance, and each merchant's vendor sorting list (the menu).
 */
export const gamesOpsRoutes: FastifyPluginAsyncZod<{ ops: GamesOpsService }> = async (app, { ops }) => {
  const gameBefore = (request: FastifyRequest) => {
    const { params, body } = request as GameRequest;
    return ops.game(scopedMerchant(request, body.merchantCode), Number(params.nodeId));
  };

  app.get(
    '/ops/console/games',
    {
      ...operatorRoute('vendors.manage'),
      schema: { tags, querystring: consoleGameListQuerySchema, response: { 200: consoleGamePageEnvelope } },
    },
    async (request) => {
      const { merchantCode, pageNo, pageSize, ...filter } = request.query;
      return ok(
        request,
        await ops.listGames(scopedMerchant(request, merchantCode), filter, pageNo, pageSize),
      );
    },
  );

  app.patch(
    '/ops/console/games/:nodeId',
    {
      ...operatorRoute('vendors.manage', gameBefore),
      schema: {
        tags,
        params: consoleGameParamsSchema,
        body: updateConsoleGameBodySchema,
        response: { 200: consoleGameEnvelope },
      },
    },
    async (request) => {
      const { merchantCode, ...change } = request.body;
      return ok(
        request,
        await ops.updateGame(scopedMerchant(request, merchantCode), request.params.nodeId, change),
      );
    },
  );

  app.post(
    '/ops/console/games/:nodeId/move',
    {
      ...operatorRoute('vendors.manage', gameBefore),
      schema: {
        tags,
        params: consoleGameParamsSchema,
        body: moveConsoleGameBodySchema,
        response: { 200: consoleGameEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await ops.moveGame(
          scopedMerchant(request, request.body.merchantCode),
          request.params.nodeId,
          request.body.direction,
        ),
      ),
  );

  app.get(
    '/ops/console/vendors',
    { ...operatorRoute('vendors.manage'), schema: { tags, response: { 200: consoleVendorListEnvelope } } },
    async (request) => ok(request, await ops.vendors()),
  );

  app.patch(
    '/ops/console/vendors/:vassalage',
    {
      ...operatorRoute('vendors.manage', (request) =>
        ops.vendor((request.params as { vassalage: string }).vassalage),
      ),
      schema: {
        tags,
        params: consoleVendorParamsSchema,
        body: updateConsoleVendorBodySchema,
        response: { 200: consoleVendorEnvelope },
      },
    },
    async (request) => {
      requireAllMerchants(request);
      return ok(request, await ops.updateVendor(request.params.vassalage, request.body));
    },
  );

  app.get(
    '/ops/console/vendor-sorting/:merchantCode',
    {
      ...operatorRoute('vendors.manage'),
      schema: { tags, params: vendorSortingParamsSchema, response: { 200: consoleVendorSortingEnvelope } },
    },
    async (request) => ok(request, await ops.menu(scopedMerchant(request, request.params.merchantCode))),
  );

  app.put(
    '/ops/console/vendor-sorting/:merchantCode',
    {
      ...operatorRoute('vendors.manage', async (request) => {
        const { merchantCode } = request.params as { merchantCode: 'BR' | 'MX' | 'BD' };
        const { entries } = await ops.menu(scopedMerchant(request, merchantCode));
        return entries.map((e) => `${e.gameType}:${e.vassalage}`);
      }),
      schema: {
        tags,
        params: vendorSortingParamsSchema,
        body: saveVendorSortingBodySchema,
        response: { 200: consoleVendorSortingEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await ops.saveMenu(scopedMerchant(request, request.params.merchantCode), request.body.entries),
      ),
  );
};
