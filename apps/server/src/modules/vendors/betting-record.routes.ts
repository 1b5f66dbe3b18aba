import { bettingRecordEnvelope, bettingRecordQuerySchema } from '@sorte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../lib/http-cache';
import { ok } from '../../plugins/errors';
import type { SessionMember } from '../auth/auth.service';
import { nameLanguageOf } from '../games/games.service';
import type { BettingRecordService } from './betting-record.service';

/** GET /wps/relay/bettingRecord (token): the member's own rounds; no parameter names a member. */
export const bettingRecordRoutes: FastifyPluginAsyncZod<{ record: BettingRecordService }> = async (
  app,
  { record },
) => {
  app.get(
    '/wps/relay/bettingRecord',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['games'],
        querystring: bettingRecordQuerySchema,
        response: { 200: bettingRecordEnvelope },
      },
    },
    async (request, reply) => {
      const language = nameLanguageOf(request.query.language, request.language);
      const page = await record.list(request.member as SessionMember, request.query, language);
      return sendCached(request, reply, ok(request, page), { maxAgeSeconds: 0, isPrivate: true });
    },
  );
};
