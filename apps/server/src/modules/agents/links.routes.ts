import { agentLinksEnvelope } from '@sorte/shared/contracts/agent-links';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { merchantOf } from '../../lib/merchant';
import { ok } from '../../plugins/errors';
import type { SessionMember } from '../auth/auth.service';
import type { LinksService } from './links.service';

/** The host the request came to, without a port; null when it is not a plain domain name. */
export function domainOf(request: FastifyRequest): string | null {
  const host = request.hostname.toLowerCase().replace(/:\d+$/, '');
  return /^[a-z0-9.-]{1,253}$/.test(host) ? host : null;
}

/** GET /wps/agent/links: the agent's invitation links per merchant domain, with what each brought. */
export const linksRoutes: FastifyPluginAsyncZod<{ links: LinksService }> = async (app, { links }) => {
  app.get(
    '/wps/agent/links',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['agent'],
        summary: 'Invitation links per merchant domain, with registrations and first depositors',
        response: { 200: agentLinksEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const domain = domainOf(request);
      const current = domain
        ? { domain, origin: `${request.protocol}://${request.host.toLowerCase()}` }
        : null;
      return ok(request, await links.of(request.member as SessionMember, current));
    },
  );
};

/**
 * Records the domain of each successful registration that carried an affiliate code (the link's
 * domain). An onResponse hook, so the registration itself neither waits for nor fails by it.
 */
export async function recordSignupDomains(
  request: FastifyRequest,
  statusCode: number,
  links: LinksService,
): Promise<void> {
  if (request.method !== 'PUT' || request.routeOptions.url !== '/wps/member/register' || statusCode !== 200)
    return;
  const body = request.body as { username?: unknown; affiliateCode?: unknown } | undefined;
  const domain = domainOf(request);
  if (typeof body?.username !== 'string' || !body.affiliateCode || !domain) return;
  await links
    .recordSignup(merchantOf(request).merchantCode, body.username, domain)
    .catch((error) => request.log.warn({ err: error }, 'signup domain not recorded'));
}
