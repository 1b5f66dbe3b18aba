import type { StudioPluginOptions } from '@sorte/studio/plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { inProcessWalletTransport } from './modules/vendors/seamless-wallet.in-process';

/**
 * Registers the in-house studio in this process under /studio (embedded mode, `npm start`). It is a
 * plugin of its own with its own database; only its plugin entry is imported (loaded on demand, so
 * a platform whose studio runs elsewhere never loads it). Its wallet calls go to this process's
 * wallet handler directly, signed and checked as over HTTP, instead of a loopback request that would
 * wait for this same event loop twice (a studio deployed apart still uses HTTP). Its PGlite database
 * runs on a worker thread, as the platform's does.
 */
export async function embedHouseStudio(
  app: FastifyInstance,
  config: Config,
  overrides: StudioPluginOptions['config'] = {},
  expose?: StudioPluginOptions['expose'],
): Promise<void> {
  const { studioPlugin } = await import('@sorte/studio/plugin');
  const house = app.seamlessWallet.houseVendor();
  await app.register(studioPlugin, {
    prefix: '/studio',
    config: { dataDir: config.dataDir, vendorSecret: house.secret, vendorCode: house.code, ...overrides },
    walletTransport: inProcessWalletTransport(app.seamlessWallet, house.code, app.log),
    // Its PGlite on a thread of its own: on this one it took a third of the loop from every request.
    databaseOnThread: true,
    expose,
  });
}
