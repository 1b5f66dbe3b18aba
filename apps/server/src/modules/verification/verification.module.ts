import fp from 'fastify-plugin';
import { SandboxSmsProvider } from './sms-provider';
import { verificationRoutes } from './verification.routes';
import { VerificationService } from './verification.service';

declare module 'fastify' {
  interface FastifyInstance {
    verification: VerificationService;
  }
}

/** SMS codes through the sandbox provider (the only one configured so far). */
export const verificationModule = fp(
  async (app) => {
    const sandbox = new SandboxSmsProvider(app.db);
    const verification = new VerificationService(app.db, sandbox, app.rateLimiter);
    app.decorate('verification', verification);
    await app.register(verificationRoutes, {
      auth: app.auth,
      verification,
      sandbox,
      exposeOutbox: app.config.env === 'development',
    });
  },
  { name: 'verification', dependencies: ['auth', 'redis'] },
);
