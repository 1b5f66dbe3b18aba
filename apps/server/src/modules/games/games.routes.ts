import {
  addFavoriteBodySchema,
  favoriteIdsEnvelope,
  favoritePageEnvelope,
  favoritesQuerySchema,
  findMerchant,
  gameListEnvelope,
  gameListQuerySchema,
  gamePageEnvelope,
  gameVendorEnvelope,
  gameVendorQuerySchema,
  hotGamesQuerySchema,
  launchGameEnvelope,
  launchGameQuerySchema,
  type Merchant,
  recentGamesQuerySchema,
  removeFavoriteQuerySchema,
  toMessageLanguage,
  vendorGameTypesEnvelope,
  vendorGameTypesQuerySchema,
  vendorSortingEnvelope,
  vendorSortingQuerySchema,
  winnerBoardEnvelope,
  winnerBoardQuerySchema,
} from '@sorte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../lib/http-cache';
import { merchantOf } from '../../lib/merchant';
import { ok } from '../../plugins/errors';
import type { SessionMember } from '../auth/auth.service';
import { type GamesService, LOBBY_CACHE_MS, nameLanguageOf } from './games.service';

const publicCache = { maxAgeSeconds: LOBBY_CACHE_MS / 1000 };
const privateCache = { maxAgeSeconds: 0, isPrivate: true };

/**
 * The merchant of a lobby read. gameList names it `merchant` (spec section 7); the domain and the
 * merchantCode header still win, as everywhere (lib/merchant).
 */
function lobbyMerchantOf(request: FastifyRequest, alias?: string): Merchant {
  const named = request.headers.merchantcode ?? request.headers.merchant;
  if (alias && !request.merchantFromDomain && !named) {
    const merchant = findMerchant(alias.toUpperCase());
    if (merchant) return merchant;
  }
  return merchantOf(request);
}

const memberOf = (request: FastifyRequest) => request.member as SessionMember;

/** The games catalogue calls of spec section 7 ("relay" calls, served here) and the game launch. */
export const gamesRoutes: FastifyPluginAsyncZod<{ games: GamesService }> = async (app, { games }) => {
  app.get(
    '/wps/relay/vendorSorting',
    {
      schema: {
        tags: ['games'],
        querystring: vendorSortingQuerySchema,
        response: { 200: vendorSortingEnvelope },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, ok(request, await games.vendorSorting(merchantOf(request))), publicCache),
  );

  app.get(
    '/wps/relay/gameList',
    { schema: { tags: ['games'], querystring: gameListQuerySchema, response: { 200: gamePageEnvelope } } },
    async (request, reply) => {
      const language = nameLanguageOf(request.query.language, request.language);
      const merchant = lobbyMerchantOf(request, request.query.merchant);
      const page = await games.gameList(merchant, request.query, language);
      return sendCached(request, reply, ok(request, page), publicCache);
    },
  );

  app.get(
    '/wps/relay/hotGames',
    { schema: { tags: ['games'], querystring: hotGamesQuerySchema, response: { 200: gameListEnvelope } } },
    async (request, reply) => {
      const language = nameLanguageOf(request.query.language, request.language);
      const hot = await games.hotGames(merchantOf(request), language);
      return sendCached(request, reply, ok(request, hot), publicCache);
    },
  );

  app.get(
    '/wps/relay/gameVendor',
    {
      schema: { tags: ['games'], querystring: gameVendorQuerySchema, response: { 200: gameVendorEnvelope } },
    },
    async (request, reply) => {
      const language = nameLanguageOf(request.query.language, request.language);
      const lanes = await games.gameVendorLanes(merchantOf(request), language);
      return sendCached(request, reply, ok(request, lanes), publicCache);
    },
  );

  app.get(
    '/wps/relay/vendorGameTypes',
    {
      schema: {
        tags: ['games'],
        querystring: vendorGameTypesQuerySchema,
        response: { 200: vendorGameTypesEnvelope },
      },
    },
    async (request, reply) => {
      const types = await games.vendorGameTypes(merchantOf(request), request.query.vassalage);
      return sendCached(request, reply, ok(request, types), publicCache);
    },
  );

  app.get(
    '/wps/relay/winnerBoard',
    {
      schema: {
        tags: ['games'],
        querystring: winnerBoardQuerySchema,
        response: { 200: winnerBoardEnvelope },
      },
    },
    async (request, reply) => {
      const language = nameLanguageOf(request.query.language, request.language);
      const winners = await games.winnerBoard(merchantOf(request), request.query, language);
      return sendCached(request, reply, ok(request, winners), publicCache);
    },
  );

  app.get(
    '/wps/relay/favorites',
    {
      preHandler: app.authenticate,
      schema: { tags: ['games'], querystring: favoritesQuerySchema, response: { 200: favoritePageEnvelope } },
    },
    async (request, reply) => {
      const language = nameLanguageOf(request.query.language, request.language);
      const page = await games.listFavorites(memberOf(request), request.query, language);
      return sendCached(request, reply, ok(request, page), privateCache);
    },
  );

  app.post(
    '/wps/relay/favorites',
    {
      preHandler: app.authenticate,
      schema: { tags: ['games'], body: addFavoriteBodySchema, response: { 200: favoriteIdsEnvelope } },
    },
    async (request) => ok(request, await games.addFavorite(memberOf(request), request.body.nodeId)),
  );

  app.delete(
    '/wps/relay/favorites',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['games'],
        querystring: removeFavoriteQuerySchema,
        response: { 200: favoriteIdsEnvelope },
      },
    },
    async (request) => ok(request, await games.removeFavorite(memberOf(request), request.query.nodeId)),
  );

  app.get(
    '/wps/relay/recentGames',
    {
      preHandler: app.authenticate,
      schema: { tags: ['games'], querystring: recentGamesQuerySchema, response: { 200: gamePageEnvelope } },
    },
    async (request, reply) => {
      const language = nameLanguageOf(request.query.language, request.language);
      const page = await games.recentGames(memberOf(request), request.query, language);
      return sendCached(request, reply, ok(request, page), privateCache);
    },
  );

  app.get(
    '/wps/game/launchGame',
    {
      preHandler: app.authenticate,
      schema: { tags: ['games'], querystring: launchGameQuerySchema, response: { 200: launchGameEnvelope } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(
        request,
        await games.launch(memberOf(request), {
          nodeId: request.query.game,
          language: toMessageLanguage(request.query.language) ?? request.language,
          returnUrl: request.query.returnUrl ?? '/',
        }),
      );
    },
  );
};
