import { BONUS_VENDOR, HOUSE_VENDOR } from '@sorte/shared';
import fp from 'fastify-plugin';
import { BettingRecordRepository } from './betting-record.repository';
import { bettingRecordRoutes } from './betting-record.routes';
import { BettingRecordService } from './betting-record.service';
import { registerHouseLaunchers } from './house-launchers';
import { loadHouseVendorSecret } from './house-vendor-secret';
import { SeamlessWalletRepository } from './seamless-wallet.repository';
import { seamlessWalletRoutes } from './seamless-wallet.routes';
import {
  PGLITE_BATCHES_IN_FLIGHT,
  POSTGRES_BATCHES_IN_FLIGHT,
  SeamlessWalletService,
} from './seamless-wallet.service';
import { PURGE_EVERY_MS, purgeVendorTransactions } from './vendor-retention';
import { vendorRetentionRoutes } from './vendor-retention.routes';
import { WalletVendorsOpsRepository } from './wallet-vendors-ops.repository';
import { walletVendorsOpsRoutes } from './wallet-vendors-ops.routes';
import { WalletVendorsOpsService } from './wallet-vendors-ops.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The seamless wallet: the house studio's credentials and launch tokens, for the studio wiring. */
    seamlessWallet: SeamlessWalletService;
  }
}

/**
 * Vendors (seamless wallet): the signed wallet endpoint every game vendor calls, the house studio's
 * launchers (unless HOUSE_STUDIO is off; tests turn them on when they need them) and the betting
 * record built from the rounds the wallet sees.
 */
export const vendorsModule = fp(
  async (app) => {
    const wallet = new SeamlessWalletService(new SeamlessWalletRepository(app.db), app.ledger, {
      houseSecret: await loadHouseVendorSecret(app.config, app.log),
      houseCatalogueVendors: [HOUSE_VENDOR, BONUS_VENDOR],
      shardCount: app.config.houseShards,
      // Each batch in flight holds a pool connection: at most half the pool, the rest for everything else.
      batchesInFlight:
        app.db.kind === 'pglite'
          ? PGLITE_BATCHES_IN_FLIGHT
          : Math.max(1, Math.min(POSTGRES_BATCHES_IN_FLIGHT, Math.floor(app.config.databasePoolSize / 2))),
      log: app.log,
    });
    await wallet.start();
    app.decorate('seamlessWallet', wallet);
    if (app.config.houseStudio) registerHouseLaunchers(app.gameLaunchers, wallet, app.config.studioUrl);
    await app.register(seamlessWalletRoutes, { wallet });
    await app.register(bettingRecordRoutes, {
      record: new BettingRecordService(new BettingRecordRepository(app.db)),
    });
    await app.register(vendorRetentionRoutes);
    await app.register(walletVendorsOpsRoutes, {
      ops: new WalletVendorsOpsService(new WalletVendorsOpsRepository(app.db), () => wallet.reloadVendors()),
    });
    // The retention purge once a day (and at start), outside tests: idempotent, so two instances
    // running it at once only find less to delete.
    if (app.config.env !== 'test') {
      const purge = () =>
        purgeVendorTransactions(app.db, new Date())
          .then(({ deleted, cutoff }) => {
            if (deleted > 0) app.log.info({ deleted, cutoff }, 'vendor transactions past retention purged');
          })
          .catch((error: unknown) => app.log.error({ err: error }, 'vendor transaction purge failed'));
      const timer = setInterval(purge, PURGE_EVERY_MS);
      timer.unref();
      app.addHook('onReady', async () => void purge());
      app.addHook('onClose', async () => clearInterval(timer));
    }
  },
  { name: 'vendors', dependencies: ['ledger', 'auth', 'games'] },
);
