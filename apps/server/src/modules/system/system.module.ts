import type { Merchant } from '@sorte/shared';
import fp from 'fastify-plugin';
import { GeoResolver } from './geo';
import { SystemRepository } from './system.repository';
import { SystemService } from './system.service';

declare module 'fastify' {
  interface FastifyInstance {
    system: SystemService;
  }
  interface FastifyRequest {
    /** The merchant configured for the domain the request came to, if any; it beats any stored choice. */
    merchantFromDomain: Merchant | null;
  }
}

/**
 * Site status, region rules and domain → merchant. Registered before the other modules, so that its
 * hook names the domain's merchant on every request; its routes join after auth (`systemRoutes`).
 */
export const systemModule = fp(
  async (app) => {
    const geo = await GeoResolver.create({
      trustedHeader: app.config.geoCountryHeader,
      databaseFile: app.config.geoipDatabaseFile,
    });
    const system = new SystemService(new SystemRepository(app.db), geo);
    app.decorate('system', system);
    app.decorateRequest('merchantFromDomain', null);
    // A plain hook settling its one promise, not an async function: it runs on every request.
    app.addHook('onRequest', (request, _reply, done) => {
      system.merchantOfDomain(request.hostname.replace(/:\d+$/, '')).then(
        (merchant) => {
          request.merchantFromDomain = merchant;
          done();
        },
        (error) => {
          // The database being away must not turn every request (health checks included) into a
          // 500; the stored choice or the default merchant serves meanwhile.
          request.log.warn({ err: error }, 'domain → merchant lookup failed');
          done();
        },
      );
    });
  },
  { name: 'system', dependencies: ['database'] },
);
