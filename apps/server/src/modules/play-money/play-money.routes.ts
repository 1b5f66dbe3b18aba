import { playMoneyTopUpBodySchema, playMoneyTopUpEnvelope } from '@sorte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/errors';
import type { SessionMember } from '../auth/auth.service';
import type { PlayMoneyService } from './play-money.service';

const memberOf = (request: FastifyRequest) => request.member as SessionMember;

/** A free-play member tops their play money up (idempotent on the request id). */
export const playMoneyRoutes: FastifyPluginAsyncZod<{ playMoney: PlayMoneyService }> = async (
  app,
  { playMoney },
) => {
  app.post(
    '/wps/v2/wallets/playMoney/topUp',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['wallet'],
        summary: 'Tops a free-play account’s play money up (never past the top-up amount)',
        body: playMoneyTopUpBodySchema,
        response: { 200: playMoneyTopUpEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(request, await playMoney.topUp(memberOf(request), request.body.requestId));
    },
  );
};
