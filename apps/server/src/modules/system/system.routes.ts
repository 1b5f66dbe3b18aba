import {
  memberLanguageBodySchema,
  merchants,
  merchantsEnvelope,
  opsDomainBodySchema,
  opsMaintenanceBodySchema,
  opsRegionBodySchema,
  siteStatusEnvelope,
} from '@sorte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { merchantOf } from '../../lib/merchant';
import { ok } from '../../plugins/errors';
import { operatorRoute } from '../../plugins/operator-auth';
import type { SessionMember } from '../auth/auth.service';
import type { SystemService } from './system.service';
import { webManifest, webManifestQuerySchema } from './web-manifest';

const knownMerchant = (code: string) => {
  if (!merchants.some((m) => m.merchantCode === code))
    throw AppError.field('merchantCode', 'auth:unknownMerchant');
};

/** Site status, the region table and the member's language (spec sections 1–4). */
export const systemRoutes: FastifyPluginAsyncZod<{ system: SystemService }> = async (app, { system }) => {
  const visitorOf = (request: FastifyRequest) => ({
    ip: request.ip,
    country: system.geo.countryOf(request),
    language: request.language,
  });

  app.get(
    '/wps/system/status',
    { schema: { tags: ['system'], response: { 200: siteStatusEnvelope } } },
    async (request, reply) => {
      // Depends on the visitor's address: never stored by shared caches.
      reply.header('cache-control', 'private, no-store');
      return ok(request, await system.statusFor(merchantOf(request), visitorOf(request)));
    },
  );

  app.get(
    '/wps/system/merchants',
    { schema: { tags: ['system'], response: { 200: merchantsEnvelope } } },
    async (request) => {
      const current = merchantOf(request);
      const suggested = system.suggestedMerchant(system.geo.countryOf(request));
      return ok(request, {
        merchants: merchants.map(({ timeZone: _tz, ...m }) => m),
        current: current.merchantCode,
        fromDomain: request.merchantFromDomain !== null,
        suggested: suggested?.merchantCode ?? null,
      });
    },
  );

  // The lite app's manifest: the merchant of the domain, else of the stored choice (the site puts it in
  // the link's query), else Brazil. Not under an API prefix: browsers fetch it from the page's link.
  app.get(
    '/manifest.webmanifest',
    { schema: { tags: ['system'], querystring: webManifestQuerySchema } },
    async (request, reply) => {
      const manifest = webManifest(merchantOf(request), {
        t: request.t,
        language: request.language,
        theme: request.query.theme ?? 'dark',
      });
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-language')
        .type('application/manifest+json; charset=utf-8')
        .send(JSON.stringify(manifest));
    },
  );

  app.put(
    '/wps/member/language',
    {
      preHandler: app.authenticate,
      config: { allowPendingPasswordChange: true },
      schema: { tags: ['system'], body: memberLanguageBodySchema },
    },
    async (request) => {
      await system.setMemberLanguage((request.member as SessionMember).id, request.body.language);
      return ok(request, null);
    },
  );

  app.put(
    '/ops/system/maintenance',
    { ...operatorRoute('settings.write'), schema: { tags: ['ops'], body: opsMaintenanceBodySchema } },
    async (request) => {
      knownMerchant(request.body.merchantCode);
      await system.setMaintenance(request.body.merchantCode, request.body.maintenance);
      return ok(request, null);
    },
  );

  app.put(
    '/ops/system/region',
    { ...operatorRoute('settings.write'), schema: { tags: ['ops'], body: opsRegionBodySchema } },
    async (request) => {
      knownMerchant(request.body.merchantCode);
      await system.setAllowedCountries(request.body.merchantCode, request.body.allowedCountries);
      return ok(request, null);
    },
  );

  app.put(
    '/ops/system/domains',
    { ...operatorRoute('settings.write'), schema: { tags: ['ops'], body: opsDomainBodySchema } },
    async (request) => {
      knownMerchant(request.body.merchantCode);
      await system.mapDomain(request.body.domain, request.body.merchantCode);
      return ok(request, null);
    },
  );
};
