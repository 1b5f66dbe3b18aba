import type { AddressInfo } from 'node:net';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { loadStudioConfig, resolveVendorSecret, type StudioConfig, type StudioOverrides } from './config';
import { crashRoutes } from './crash/crash.routes';
import { CrashChainStore } from './crash/crash-chain';
import { CrashEngine } from './crash/crash-engine';
import { openStudioDatabase, type StudioDatabase } from './db/client';
import { migrateStudio } from './db/migrate';
import { errorBody, StudioError } from './errors';
import { SeedService } from './fairness/seeds';
import { GameService } from './games/games.service';
import { MinesService } from './games/mines.service';
import { Settlement } from './rounds/settlement';
import { apiRoutes } from './routes/api.routes';
import { framesRoutes } from './routes/frames.routes';
import { SeamlessWalletClient, type WalletTransport } from './seamless-wallet/seamless-wallet-client';
import { SessionService } from './sessions/sessions';

export type StudioPluginOptions = {
  /** Settings over the environment's (tests; the embedding platform passes its wallet secret). */
  config?: StudioOverrides;
  /** An open, migrated database to use instead of opening the configured one (tests). */
  db?: StudioDatabase;
  /**
   * PGlite on a worker thread instead of this thread (no effect with PostgreSQL). The platform that
   * embeds the studio sets it: there the studio's statements would take the event loop every request
   * of the platform needs.
   */
  databaseOnThread?: boolean;
  /**
   * How wallet calls reach the platform. Unset: signed HTTP to the platform's URL. The platform that
   * embeds the studio passes one calling its wallet handler in-process (same bytes, same signatures).
   */
  walletTransport?: WalletTransport;
  /** Receives the studio's parts (tests, operator tooling); they stay inside the plugin otherwise. */
  expose?: (studio: StudioHandle) => void;
};

/** What a test (or an operator script) may reach on the studio's Fastify context. */
export type StudioHandle = {
  config: StudioConfig;
  db: StudioDatabase;
  settlement: Settlement;
  crash: CrashEngine;
  chains: CrashChainStore;
  games: GameService;
  mines: MinesService;
  /** Runs recovery and starts the engines (done on listen unless startEngines is off); idempotent. */
  start: () => Promise<void>;
};

/** Guesses the platform's URL from the address this server listens on (embedded mode). */
function localUrl(address: AddressInfo | string | null, fallbackPort: number): string {
  if (!address || typeof address === 'string') return `http://127.0.0.1:${fallbackPort}`;
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * The studio as one Fastify plugin: register it under the prefix `/studio`, embedded in the
 * platform's server (`npm start`) or in its own (`src/server/main.ts`). It opens its own database,
 * talks to the platform only through the signed seamless-wallet API (over HTTP, or through the
 * transport the embedding platform passes), and on start settles
 * or refunds every round a previous process left open before it runs the crash game.
 */
export const studioPlugin: FastifyPluginAsync<StudioPluginOptions> = async (app, options) => {
  const config = loadStudioConfig(process.env, options.config ?? {});
  const secret = resolveVendorSecret(config);
  const db =
    options.db ??
    (await openStudioDatabase(
      config.databaseUrl
        ? { url: config.databaseUrl, poolSize: config.databasePoolSize }
        : { dataDir: config.studioDataDir, thread: options.databaseOnThread },
    ));
  if (!options.db) await migrateStudio(db);

  let platformUrl = config.platformUrl ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
  const wallet = new SeamlessWalletClient({
    platformUrl: () => platformUrl,
    vendorCode: config.vendorCode,
    secret,
    timeoutMs: config.walletTimeoutMs,
    transport: options.walletTransport,
  });
  const settlement = new Settlement(db, wallet, {
    retryBaseMs: config.retryBaseMs,
    retryMaxMs: config.retryMaxMs,
    walletTimeoutMs: config.walletTimeoutMs,
    log: app.log,
  });
  const sessions = new SessionService(db, config.sessionIdleHours);
  const seeds = new SeedService(db);
  const games = new GameService(db, settlement, seeds, wallet, config);
  const mines = new MinesService(db, settlement, games, config);
  const chains = new CrashChainStore(db, config.crash);
  const crash = new CrashEngine(db, chains, settlement, {
    settings: config.crash,
    limits: config.betLimits.crash,
    maxWinMinor: config.maxWinMinor,
    // A bet's wallet call and, if its answer is lost, the rollback each end at the wallet timeout; and
    // a bet not taken by the end of betting and its grace is refunded anyway. The frames give up
    // waiting later than this (crash-store.ts BET_ANSWER_TIMEOUT_MS, 30 s with the defaults' 13 s).
    betAnswerMs:
      config.crash.betAnswerMs ??
      Math.min(2 * config.walletTimeoutMs, config.crash.bettingMs + config.crash.betGraceMs) + 5000,
    log: app.log,
  });

  let starting: Promise<void> | null = null;
  let housekeeping: NodeJS.Timeout | null = null;
  const startEngines = async () => {
    const crashRecovery = await crash.recover();
    const recovery = await settlement.recover();
    // A start that found rounds to close is worth a look in the logs (a crash, a kill).
    const found =
      crashRecovery.aborted + crashRecovery.refunds + crashRecovery.losses + recovery.refunds + recovery.wins;
    (found > 0 || recovery.pending > 0 ? app.log.warn : app.log.info).call(
      app.log,
      { crash: crashRecovery, rounds: recovery },
      'studio recovery: open rounds settled or refunded',
    );
    settlement.start();
    await crash.start();
    housekeeping = setInterval(() => {
      void mines.closeIdleMines().catch((error) => app.log.error({ err: error }, 'mines sweep failed'));
      void sessions.purge().catch((error) => app.log.error({ err: error }, 'session purge failed'));
    }, 60_000);
    housekeeping.unref();
  };
  /** Recovery, then the outbox worker and the crash game; once (later calls share the first). */
  const start = () => {
    starting ??= startEngines();
    return starting;
  };
  options.expose?.({ config, db, settlement, crash, chains, games, mines, start });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof StudioError)
      return reply.code(error.statusCode).send(errorBody(error.code, error.message));
    if (error.validation) {
      const issue = error.validation[0];
      const field =
        issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'request';
      return reply
        .code(400)
        .send(errorBody('INVALID_REQUEST', `${field}: ${issue?.message ?? 'is invalid'}`));
    }
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.code(status).send(errorBody(error.code ?? 'BAD_REQUEST', error.message));
    request.log.error({ err: error }, 'studio request failed');
    return reply.code(500).send(errorBody('INTERNAL_ERROR', 'Something went wrong on our side: try again.'));
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(errorBody('NOT_FOUND', `No such studio route: ${request.method} ${request.url.split('?')[0]}`)),
  );

  // The platform registers @fastify/websocket at its root; standalone, the studio brings its own:
  // client messages are small (the crash routes refuse more than 2 KiB), and no per-message
  // compression, which would cost a deflate context per viewer and a deflate per viewer per tick.
  if (!app.hasDecorator('websocketServer'))
    await app.register(fastifyWebsocket, { options: { maxPayload: 4096, perMessageDeflate: false } });

  await app.register(apiRoutes, { sessions, seeds, games, mines, wallet });
  await app.register(crashRoutes, { engine: crash, chains, sessions });
  await app.register(framesRoutes, { distDir: config.webDistDir, platformUrl: config.platformUrl });

  // The engines start once the server listens: embedded, the wallet is this very server.
  app.addHook('onListen', async () => {
    if (!config.platformUrl) platformUrl = localUrl(app.server.address(), Number(process.env.PORT ?? 8080));
    if (config.startEngines)
      start().catch((error) => app.log.error({ err: error }, 'studio failed to start its engines'));
  });

  // Before the server stops accepting: stop the game (a game in progress is aborted and refunded)
  // and try to deliver what is pending while the wallet (embedded: this server) still answers.
  app.addHook('preClose', async () => {
    if (housekeeping) clearInterval(housekeeping);
    if (!starting) return;
    await starting.catch(() => undefined);
    await crash.stop();
    await settlement.stop();
    const left = await settlement.flush(2000).catch(() => -1);
    if (left !== 0)
      app.log.warn({ pending: left }, 'studio stopping with wallet calls pending: sent at next start');
  });

  app.addHook('onClose', async () => {
    if (!options.db) await db.close();
  });
};

export default studioPlugin;
