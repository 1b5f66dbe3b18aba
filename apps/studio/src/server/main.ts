import { randomUUID } from 'node:crypto';
import { compilePgliteEagerly } from '@sorte/shared/pglite-thread';
import Fastify from 'fastify';
import { loadStudioConfig, StudioConfigError } from './config';
import { studioPlugin } from './plugin';

/**
 * The studio on its own (scaled-out mode): `npm start -w @sorte/studio` listens on STUDIO_PORT
 * (default 8081) and serves everything under /studio. The platform's STUDIO_URL must point here,
 * e.g. http://games.example.com/studio, and PLATFORM_URL here must reach the platform's wallet API.
 */
async function main() {
  let config: ReturnType<typeof loadStudioConfig>;
  try {
    config = loadStudioConfig();
  } catch (error) {
    if (error instanceof StudioConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  // Before its database compiles PGlite.
  if (config.pgliteEagerTierUp) compilePgliteEagerly();
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    genReqId: () => randomUUID(),
    forceCloseConnections: 'idle',
    // The plugin creates its database on a first start (initdb, seconds on a busy machine).
    pluginTimeout: 120_000,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.get('/healthz', async () => ({ ok: true }));
  try {
    await app.register(studioPlugin, { prefix: '/studio' });
  } catch (error) {
    if (error instanceof StudioConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'studio shutting down');
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ host: config.host, port: config.port });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
