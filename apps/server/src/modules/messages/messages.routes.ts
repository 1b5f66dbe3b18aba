import {
  messageIdParamsSchema,
  messageListQuerySchema,
  messagePageEnvelope,
  unreadCountEnvelope,
} from '@sorte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../plugins/errors';
import type { SessionMember } from '../auth/auth.service';
import type { MessagesService } from './messages.service';

/** The member's internal messages and their unread count (spec section 2, member centre). */
export const messagesRoutes: FastifyPluginAsyncZod<{ messages: MessagesService }> = async (
  app,
  { messages },
) => {
  const memberId = (request: { member?: SessionMember | null }) => (request.member as SessionMember).id;

  app.get(
    '/wps/relay/messages',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['messages'],
        querystring: messageListQuerySchema,
        response: { 200: messagePageEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await messages.page(memberId(request), request.query.pageNo, request.query.pageSize, request.t),
      ),
  );

  app.get(
    '/wps/relay/unreadMessageCount',
    { preHandler: app.authenticate, schema: { tags: ['messages'], response: { 200: unreadCountEnvelope } } },
    async (request) => ok(request, { count: await messages.unreadCount(memberId(request)) }),
  );

  app.post(
    '/wps/relay/messages/:id/read',
    { preHandler: app.authenticate, schema: { tags: ['messages'], params: messageIdParamsSchema } },
    async (request) => {
      // Another member's message id answers like an unknown one: nothing tells it exists.
      if (!(await messages.markRead(memberId(request), BigInt(request.params.id))))
        throw new AppError(404, 'NOT_FOUND');
      return ok(request, null);
    },
  );

  app.post(
    '/wps/relay/messages/read',
    { preHandler: app.authenticate, schema: { tags: ['messages'] } },
    async (request) => {
      await messages.markAllRead(memberId(request));
      return ok(request, null);
    },
  );
};
