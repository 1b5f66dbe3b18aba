import { compilePgliteEagerly } from '@sorte/shared/pglite-thread';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { embedHouseStudio } from './embedded-studio';
import { addAcceptHandles } from './lib/accept-handles';
import { OperatorUsersRepository } from './modules/console/operator-users.repository';
import { provisionAdmin } from './modules/console/operator-users.service';
import { runSeeders } from './seed/run-seeders';
import { demoSeeders, demoSeedersWithoutHistory } from './seed/seeders';

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
  // Before any PGlite is compiled (the platform's embedded database, the embedded studio's).
  if (config.pgliteEagerTierUp) compilePgliteEagerly();
  const app = await buildApp(config);
  // The in-house studio in this process (embedded mode), unless STUDIO_URL sends players to a studio
  // deployed on its own (which reaches the wallet over the signed HTTP API like any vendor).
  let startStudio: (() => Promise<void>) | undefined;
  if (config.houseStudio && config.studioUrl === '/studio') {
    await embedHouseStudio(app, config, {}, (studio) => {
      if (studio.config.startEngines) startStudio = studio.start;
    });
  } else if (config.houseStudio) {
    app.log.info({ studioUrl: config.studioUrl }, 'house studio runs elsewhere: not embedded');
  }
  if (config.seedDemo) {
    const ran = await runSeeders(app, config.seedDemoHistory ? demoSeeders : demoSeedersWithoutHistory);
    if (ran.length) app.log.info({ seeders: ran }, 'demo data seeded');
  }
  let closeAcceptHandles: () => void = () => {};
  let closing = false;
  const shutdown = async (signal: string) => {
    // A terminal's Ctrl-C reaches both `npm start` and the server: only the first signal counts.
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      closeAcceptHandles();
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // Before listening: its password hash must not wait behind (or be refused by) the first callers'.
  await announceFirstAdmin(app, config);
  // The embedded studio reaches the wallet in-process, so it needs no listening socket to start: its
  // recovery (settling or refunding the rounds a killed process left open) and its crash game start
  // before the first player gets in. Started on listen instead (the studio's own default), they ran
  // beside the crowd that comes back after a restart, and its bets waited behind them (bench:load).
  // A studio that cannot start leaves the platform up, as it did when it started on listen.
  await startStudio?.().catch((error) => app.log.error({ err: error }, 'studio failed to start its engines'));
  await app.listen({ host: config.host, port: config.port });
  closeAcceptHandles = await addAcceptHandles(app.server, config.acceptHandles - 1, (error) =>
    app.log.warn({ err: error }, 'one handle on the listening socket: the copies could not be made'),
  );
  // A signal that came while they were being made found nothing to close.
  if (closing) closeAcceptHandles();
}

/**
 * The embedded platform (`npm start`, no DATABASE_URL) makes its first console administrator itself
 * and prints the one-time password here, once; a scaled-out one gets it from `npm run console:admin`.
 */
async function announceFirstAdmin(app: Awaited<ReturnType<typeof buildApp>>, config: Config) {
  if (config.databaseUrl || config.env === 'test') return;
  const repository = new OperatorUsersRepository(app.db);
  if ((await repository.count()) > 0) return;
  const { password } = await provisionAdmin(repository, 'admin', { reset: false, createdBy: 'npm start' });
  const site = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  console.log(
    [
      '',
      `Operator console: ${site}/console/`,
      '  first administrator: admin',
      `  one-time password:   ${password}`,
      '  Sign in and enrol an authenticator app now: this password is not shown again.',
      '  Lost it? Stop the server and run: npm run console:admin -- --username admin --reset',
      '',
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
