import {
  announcementsEnvelope,
  announcementsQuerySchema,
  bannersEnvelope,
  bannersQuerySchema,
  domainRoutesEnvelope,
  helpCenterEnvelope,
  helpCenterQuerySchema,
  lobbyQuerySchema,
  resourcesEnvelope,
} from '@sorte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../lib/http-cache';
import { merchantOf } from '../../lib/merchant';
import { ok } from '../../plugins/errors';
import type { ContentService } from './content.service';

/** Guest reads: the same for every visitor of a merchant and language, so shared caches may keep them. */
const PUBLIC = { maxAgeSeconds: 60 };

/** Lobby content (spec sections 2, 3, 7 and 9): banners, announcements, help centre, domains, links. */
export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, { content }) => {
  app.get(
    '/wps/relay/announcements',
    {
      schema: {
        tags: ['content'],
        querystring: announcementsQuerySchema,
        response: { 200: announcementsEnvelope },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        ok(request, await content.getAnnouncements(merchantOf(request), request.language, request.query)),
        PUBLIC,
      ),
  );

  app.get(
    '/wps/relay/banners',
    { schema: { tags: ['content'], querystring: bannersQuerySchema, response: { 200: bannersEnvelope } } },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        ok(request, await content.getBanners(merchantOf(request), request.language, request.query.groupName)),
        PUBLIC,
      ),
  );

  app.get(
    '/wps/system/helpCenter',
    {
      schema: {
        tags: ['content'],
        querystring: helpCenterQuerySchema,
        response: { 200: helpCenterEnvelope },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        ok(request, await content.getHelpCenter(merchantOf(request), request.language)),
        PUBLIC,
      ),
  );

  app.get(
    '/wps/system/domainRoute',
    { schema: { tags: ['content'], querystring: lobbyQuerySchema, response: { 200: domainRoutesEnvelope } } },
    async (request, reply) =>
      sendCached(request, reply, ok(request, await content.getDomainRoutes(merchantOf(request))), PUBLIC),
  );

  app.get(
    '/wps/system/resources',
    { schema: { tags: ['content'], querystring: lobbyQuerySchema, response: { 200: resourcesEnvelope } } },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        ok(request, await content.getResources(merchantOf(request), request.language)),
        PUBLIC,
      ),
  );
};
