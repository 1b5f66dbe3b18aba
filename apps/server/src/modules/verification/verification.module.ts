import fp from 'fastify-plugin';
import { verificationRoutes } from './verification.routes';

/** SMS code routes; the services are created with the auth module, which uses them too. */
export const verificationModule = fp(
  async (app) => {
    await app.register(verificationRoutes, {
      auth: app.auth,
      verification: app.verification,
      sandbox: app.smsSandbox,
      emailSandbox: app.emailSandbox,
      exposeOutbox: app.config.env === 'development',
    });
  },
  { name: 'verification', dependencies: ['auth', 'redis'] },
);
