import {
  blockPlayerBodySchema,
  parseSort,
  playerDetailEnvelope,
  playerPageEnvelope,
  playerParamsSchema,
  playerSearchQuerySchema,
} from '@sorte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/errors';
import { operatorRoute, operatorScope } from '../../plugins/operator-auth';
import type { PlayersService } from './players.service';

const tags = ['console'];
const scopeOf = operatorScope;
const memberIdOf = (request: FastifyRequest) => (request.params as { memberId: string }).memberId;

/** The console's player pages: search and profile (players.read), block and sessions (players.block). */
export const playersRoutes: FastifyPluginAsyncZod<{ players: PlayersService }> = async (app, { players }) => {
  /** The audit log's "before" of a block, an unblock or ended sessions. */
  const accessBefore = async (request: FastifyRequest) => {
    const { blocked, block, sessions } = await players.detail(memberIdOf(request), scopeOf(request));
    return { blocked, block, activeSessions: sessions.filter((s) => s.active).length };
  };
  app.get(
    '/ops/console/players',
    {
      ...operatorRoute('players.read'),
      schema: { tags, querystring: playerSearchQuerySchema, response: { 200: playerPageEnvelope } },
    },
    async (request) => {
      const { q, status, sort, pageNo, pageSize } = request.query;
      return ok(
        request,
        await players.search(
          { q, status, merchantCode: scopeOf(request), sort: parseSort(sort) },
          pageNo,
          pageSize,
        ),
      );
    },
  );

  app.get(
    '/ops/console/players/:memberId',
    {
      ...operatorRoute('players.read'),
      schema: { tags, params: playerParamsSchema, response: { 200: playerDetailEnvelope } },
    },
    async (request) => ok(request, await players.detail(request.params.memberId, scopeOf(request))),
  );

  app.post(
    '/ops/console/players/:memberId/block',
    {
      ...operatorRoute('players.block', accessBefore),
      schema: {
        tags,
        params: playerParamsSchema,
        body: blockPlayerBodySchema,
        response: { 200: playerDetailEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await players.block(
          request.params.memberId,
          scopeOf(request),
          request.operator?.name ?? 'operator',
          request.body.reason,
        ),
      ),
  );

  app.post(
    '/ops/console/players/:memberId/unblock',
    {
      ...operatorRoute('players.block', accessBefore),
      schema: { tags, params: playerParamsSchema, response: { 200: playerDetailEnvelope } },
    },
    async (request) => ok(request, await players.unblock(request.params.memberId, scopeOf(request))),
  );

  app.post(
    '/ops/console/players/:memberId/sessions/end',
    {
      ...operatorRoute('players.block', accessBefore),
      schema: { tags, params: playerParamsSchema, response: { 200: playerDetailEnvelope } },
    },
    async (request) => ok(request, await players.endSessions(request.params.memberId, scopeOf(request))),
  );
};
