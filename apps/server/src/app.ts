import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { agentsModule } from './modules/agents/agents.module';
import { registerCentreModule } from './modules/agents/register-centre.routes';
import { auditPlugin } from './modules/audit/audit.plugin';
import { authModule } from './modules/auth/auth.module';
import { consoleModule } from './modules/console/console.module';
import { contentModule } from './modules/content/content.module';
import { contractsModule } from './modules/contracts/contracts.module';
import { gamesModule } from './modules/games/games.module';
import { ledgerModule } from './modules/ledger/ledger.module';
import { messagesModule } from './modules/messages/messages.module';
import { paymentsModule } from './modules/payments/payments.module';
import { playMoneyModule } from './modules/play-money/play-money.module';
import { recordsModule } from './modules/records/records.module';
import { socialModule } from './modules/social/social.module';
import { permissionRoutes } from './modules/system/permission.routes';
import { systemModule } from './modules/system/system.module';
import { systemRoutes } from './modules/system/system.routes';
import { transfersModule } from './modules/transfers/transfers.module';
import { vendorsModule } from './modules/vendors/vendors.module';
import { verificationModule } from './modules/verification/verification.module';
import { compressionPlugin } from './plugins/compression';
import { consoleAppPlugin } from './plugins/console-app';
import { databasePlugin } from './plugins/database';
import { errorsPlugin } from './plugins/errors';
import { serverOptions } from './plugins/framework-errors';
import { healthRoutes } from './plugins/health';
import { i18nPlugin } from './plugins/i18n';
import { inputTextPlugin } from './plugins/input-text';
import { loadPlugin } from './plugins/load';
import { operatorAuthPlugin } from './plugins/operator-auth';
import { payloadEncryptionPlugin } from './plugins/payload-encryption';
import { realtimePlugin } from './plugins/realtime';
import { redisPlugin } from './plugins/redis';
import { securityHeadersPlugin } from './plugins/security-headers';
import { warmValidatorsPlugin } from './plugins/warm-validators';
import { webPlugin } from './plugins/web';

export type AppDependencies = {
  /** An open, migrated database. When absent the app opens (and later closes) its own. */
  db?: Database;
};

export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const db = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize })
    : await openDatabase({ kind: 'pglite', dataDir: `${config.dataDir}/pglite` });
  await migrate(db);
  return db;
}

/**
 * Builds the whole API without listening: cross-cutting plugins first, then the domain modules.
 * Tests call it with an injected database and use `app.inject`.
 */
export async function buildApp(config: Config, deps: AppDependencies = {}): Promise<FastifyInstance> {
  const db = deps.db ?? (await openConfiguredDatabase(config));
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    forceCloseConnections: 'idle',
    // The embedded studio creates its database on a first start (initdb, seconds on a busy machine,
    // on PGlite's own thread): Fastify's 10 s per plugin would stop the server before it is ready.
    pluginTimeout: 120_000,
    routerOptions: { ignoreTrailingSlash: true },
    // Time limits, and the envelope for what fails before routing (414, 431, bad framing, 408).
    ...serverOptions(config),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Set as the request arrives (a plain hook, no promise), so every answer carries it, refusals too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(databasePlugin, { db, config, ownsDatabase: !deps.db });
  await app.register(operatorAuthPlugin);
  // Every operator write that succeeds is appended to the hash-chained audit log before it answers.
  await app.register(auditPlugin);
  await app.register(i18nPlugin);
  // Before the web app and the routes, so every answer (static files, 404s too) carries the headers.
  await app.register(securityHeadersPlugin, { config });
  await app.register(redisPlugin);
  await app.register(webPlugin, { distDir: config.webDistDir, enabled: config.serveWeb });
  await app.register(consoleAppPlugin, { distDir: config.consoleDistDir, enabled: config.serveWeb });
  await app.register(errorsPlugin);
  // Sheds load (503 SERVER_BUSY) before a request reaches its route; measures the event loop.
  await app.register(loadPlugin);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Sorte API', version: '0.1.0', description: 'Player, agent, wallet and vendor calls.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  // Compresses the answers of every route added after it: here, after the static files and the docs
  // (their bundle is large and rarely fetched; recompressing it per request costs more than it
  // saves) and before the modules, whose JSON answers it is for.
  await app.register(compressionPlugin);
  // Before every route that takes input, so it covers them all.
  await app.register(inputTextPlugin);
  await app.register(warmValidatorsPlugin);
  // Before the modules: it marks their routes that take encrypted bodies as they are added.
  await app.register(payloadEncryptionPlugin);

  await app.register(healthRoutes);
  await app.register(systemModule);
  await app.register(ledgerModule);
  await app.register(authModule);
  await app.register(gamesModule);
  await app.register(vendorsModule);
  await app.register(contentModule);
  await app.register(socialModule);
  await app.register(verificationModule);
  await app.register(realtimePlugin);
  await app.register(messagesModule);
  await app.register(paymentsModule);
  await app.register(recordsModule);
  await app.register(playMoneyModule);
  await app.register(agentsModule);
  // After agents: settlements read the team rollups.
  await app.register(contractsModule);
  await app.register(registerCentreModule);
  await app.register(transfersModule);
  await app.register(systemRoutes, { system: app.system });
  await app.register(permissionRoutes);
  await app.register(consoleModule);

  return app;
}
