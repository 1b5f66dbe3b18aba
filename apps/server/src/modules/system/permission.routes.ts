import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { merchantOf } from '../../lib/merchant';
import { ok } from '../../plugins/errors';

const pickOne = (list: readonly string[]) =>
  list.length ? (list[randomInt(0, list.length)] as string) : null;

/**
 * GET /wps/system/permission — the spec's permission response (section 3) in one read at start-up:
 * site info (customer service, domain routes, resources, whitelabel flags, register rules, main
 * domain, analytics id, one image CDN and one launch CDN picked at random), the visitor's location,
 * and whether maintenance or a region block applies.
 */
export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/wps/system/permission', { schema: { tags: ['system'] } }, async (request, reply) => {
    const merchant = merchantOf(request);
    const country = app.system.geo.countryOf(request);
    const [status, settings, domainRoute, resources] = await Promise.all([
      app.system.statusFor(merchant, { ip: request.ip, country, language: request.language }),
      app.auth.getSettings(merchant),
      app.content.getDomainRoutes(merchant),
      app.content.getResources(merchant, request.language),
    ]);
    reply.header('cache-control', 'private, no-store');
    return ok(request, {
      info: {
        merchantCode: merchant.merchantCode,
        customerService: resources.filter((r) => r.type === 'CUSTOMER_SERVICE'),
        domainRoute,
        resources,
        whitelabel: settings.whitelabel,
        registerRules: settings.registerRules,
        mainDomain: domainRoute.find((d) => d.purpose === 'MAIN')?.domain ?? null,
        analyticsId: app.config.analyticsId ?? null,
        imageCDN: pickOne(app.config.imageCdns),
        launchGameCDN: pickOne(app.config.launchGameCdns),
      },
      location: { ip: request.ip, countryCode: country },
      maintenance: status.status === 1,
      regionRestriction: status.status === 2,
    });
  });
};
