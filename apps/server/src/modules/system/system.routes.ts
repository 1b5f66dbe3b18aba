import {
  domainParamsSchema,
  isIsoCountryCode,
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
import { scopedMerchant } from '../../lib/operator-merchant';
import { ok } from '../../plugins/errors';
import { operatorRoute, operatorScope } from '../../plugins/operator-auth';
import type { SessionMember } from '../auth/auth.service';
import { MerchantSettingsRepository } from './merchant-settings.repository';
import { merchantSettingsRoutes } from './merchant-settings.routes';
import { MerchantSettingsService } from './merchant-settings.service';
import type { SystemService } from './system.service';
import { webManifest, webManifestQuerySchema } from './web-manifest';

/** A merchant that exists and that the operator may change (another one's is "not found"). */
const knownMerchant = (request: FastifyRequest, code: string) => {
  if (!merchants.some((m) => m.merchantCode === code))
    throw AppError.field('merchantCode', 'auth:unknownMerchant');
  scopedMerchant(request, code);
};

/** Allowed countries are ISO 3166-1 alpha-2 codes; an empty list would shut every visitor out. */
const checkCountries = (countries: string[] | null) => {
  if (countries === null) return;
  if (countries.length === 0) throw AppError.field('allowedCountries', 'console-settings:noCountries');
  for (const [index, code] of countries.entries()) {
    if (!isIsoCountryCode(code))
      throw AppError.field(`allowedCountries.${index}`, 'console-settings:unknownCountry', { code });
  }
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
      knownMerchant(request, request.body.merchantCode);
      await system.setMaintenance(request.body.merchantCode, request.body.maintenance);
      return ok(request, null);
    },
  );

  app.put(
    '/ops/system/region',
    { ...operatorRoute('settings.write'), schema: { tags: ['ops'], body: opsRegionBodySchema } },
    async (request) => {
      knownMerchant(request, request.body.merchantCode);
      checkCountries(request.body.allowedCountries);
      const countries = request.body.allowedCountries && [...new Set(request.body.allowedCountries)];
      await system.setAllowedCountries(request.body.merchantCode, countries);
      return ok(request, null);
    },
  );

  app.put(
    '/ops/system/domains',
    { ...operatorRoute('settings.write'), schema: { tags: ['ops'], body: opsDomainBodySchema } },
    async (request) => {
      knownMerchant(request, request.body.merchantCode);
      // An operator limited to a merchant may not take a domain over from another merchant.
      const owner = await system.domainMerchant(request.body.domain);
      if (owner && owner !== request.body.merchantCode && operatorScope(request) !== null)
        throw AppError.field('domain', 'console-settings:domainTaken');
      await system.mapDomain(request.body.domain, request.body.merchantCode);
      return ok(request, null);
    },
  );

  app.delete(
    '/ops/system/domains/:domain',
    { ...operatorRoute('settings.write'), schema: { tags: ['ops'], params: domainParamsSchema } },
    async (request) => {
      const owner = await system.domainMerchant(request.params.domain);
      if (!owner) throw new AppError(404, 'NOT_FOUND');
      scopedMerchant(request, owner);
      await system.unmapDomain(request.params.domain);
      return ok(request, null);
    },
  );

  await app.register(merchantSettingsRoutes, {
    settings: new MerchantSettingsService(new MerchantSettingsRepository(app.db), app.auth),
  });
};
