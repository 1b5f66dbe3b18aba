import {
  loginEnvelope,
  oidcChannels,
  socialProvidersEnvelope,
  socialStartQuerySchema,
  telegramLoginBodySchema,
} from '@sorte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { merchantOf } from '../../lib/merchant';
import { ok } from '../../plugins/errors';
import { failurePath } from './return-to';
import { LOGIN_STATE_TTL_MS, type SocialService } from './social.service';
import { clearedStateCookie, stateCookie, stateCookieOf } from './state-cookie';

const callerOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

const channelParams = z.object({ channel: z.enum(oidcChannels) });

/**
 * Social sign-in (spec sections 1 and 7). Telegram answers the login value like the password login;
 * the OpenID Connect channels are browser navigations, so they answer redirects, and a failure lands
 * on the home page with `socialError` rather than on an error document.
 */
export const socialRoutes: FastifyPluginAsyncZod<{ social: SocialService; secureCookies: boolean }> = async (
  app,
  { social, secureCookies },
) => {
  app.get(
    '/wps/session/social/providers',
    { schema: { tags: ['social'], response: { 200: socialProvidersEnvelope } } },
    async (request) => ok(request, social.providers()),
  );

  app.post(
    '/wps/session/social/telegram',
    { schema: { tags: ['social'], body: telegramLoginBodySchema, response: { 200: loginEnvelope } } },
    async (request) =>
      ok(request, await social.signInWithTelegram(merchantOf(request), request.body, callerOf(request))),
  );

  app.get(
    '/wps/session/social/:channel/start',
    { schema: { tags: ['social'], params: channelParams, querystring: socialStartQuerySchema } },
    async (request, reply) => {
      const { channel } = request.params;
      try {
        const { location, state } = await social.startOidc(
          channel,
          merchantOf(request),
          request.query.returnTo,
          callerOf(request),
        );
        reply.header('set-cookie', stateCookie(channel, state, LOGIN_STATE_TTL_MS / 1000, secureCookies));
        return reply.redirect(location, 302);
      } catch (error) {
        if (error instanceof AppError) throw error;
        // The provider is unreachable or its metadata unusable: the player tries again later.
        request.log.warn({ err: error, channel }, 'social sign-in could not start');
        return reply.redirect(failurePath(channel), 302);
      }
    },
  );

  app.get(
    '/wps/session/social/:channel/callback',
    { schema: { tags: ['social'], params: channelParams } },
    async (request, reply) => {
      const { channel } = request.params;
      // The whole query goes to openid-client as received: it reads code, state, iss and error.
      const query = new URL(request.url, 'http://callback.invalid').searchParams;
      reply.header('set-cookie', clearedStateCookie(channel, secureCookies));
      try {
        const location = await social.finishOidc(
          channel,
          query,
          stateCookieOf(request, channel),
          callerOf(request),
        );
        return reply.redirect(location, 302);
      } catch (error) {
        // Refused consent, a bad or replayed state, a failed exchange: never a 500 page.
        request.log.warn({ err: error, channel }, 'social sign-in failed');
        return reply.redirect(failurePath(channel), 302);
      }
    },
  );
};
