import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { embedHouseStudio } from './embedded-studio';
import { runSeeders } from './seed/run-seeders';
import { demoSeeders } from './seed/seeders';

/**
 * Reads the configuration, builds the app (which migrates), seeds demo data once when enabled,
 * listens, and shuts down cleanly on SIGTERM/SIGINT: stop accepting, finish in-flight requests,
 * close the database.
 */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const app = await buildApp(config);
  // The in-house studio in this process (embedded mode), unless STUDIO_URL sends players to a studio
  // deployed on its own (which reaches the wallet over the signed HTTP API like any vendor).
  if (config.houseStudio && config.studioUrl === '/studio') {
    await embedHouseStudio(app, config);
  } else if (config.houseStudio) {
    app.log.info({ studioUrl: config.studioUrl }, 'house studio runs elsewhere: not embedded');
  }
  if (config.seedDemo) {
    const ran = await runSeeders(app, demoSeeders);
    if (ran.length) app.log.info({ seeders: ran }, 'demo data seeded');
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    // A terminal's Ctrl-C reaches both `npm start` and the server: only the first signal counts.
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
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
