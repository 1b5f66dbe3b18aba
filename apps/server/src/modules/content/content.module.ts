import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { ContentRepository } from './content.repository';
import { contentRoutes } from './content.routes';
import { ContentService } from './content.service';
import { type ContentImageStore, DataDirImageStore } from './content-image-store';
import { contentOpsRoutes } from './content-ops.routes';
import { ContentPagesRepository } from './content-pages.repository';
import { ContentPagesService } from './content-pages.service';
import { contentPagesOpsRoutes } from './content-pages-ops.routes';
import { S3ImageStore } from './s3-image-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Lobby content: reads for the routes, writes for the seeder (and later the operator console). */
    content: ContentService;
  }
}

/** The store for the console's pictures that the configuration asks for (CONTENT_STORE). */
export function contentImageStoreFor(config: Config): ContentImageStore {
  const store = config.contentStore;
  if (store.kind === 's3') return new S3ImageStore(store.s3, store.publicBaseUrl);
  return new DataDirImageStore(join(config.dataDir, 'uploads', 'content'));
}

/**
 * Banners, announcements, the help centre, the maintenance page's texts, domain routes and
 * resources: the site's reads and the console's writes.
 */
export const contentModule = fp(
  async (app) => {
    // Texts quote the payment channels' limits as they are when read ({{minDeposit}}…); payments
    // registers after content, so it is looked up per read, not here.
    // The categories a text lists are the menu's: those with games for the merchant.
    const content = new ContentService(new ContentRepository(app.db), undefined, async (merchant) => ({
      ...(app.hasDecorator('payments')
        ? await app.payments.channels.lowestMinimums(merchant.merchantCode)
        : { minDeposit: null, minWithdrawal: null }),
      gameCategories: app.hasDecorator('games')
        ? (await app.games.vendorSorting(merchant)).map((entry) => entry.gameType)
        : [],
    }));
    app.decorate('content', content);
    await app.register(contentRoutes, { content });
    await app.register(contentOpsRoutes, { content, images: contentImageStoreFor(app.config) });
    await app.register(contentPagesOpsRoutes, {
      pages: new ContentPagesService(new ContentPagesRepository(app.db), content),
    });
    // The maintenance page shows the texts written here; the system module registers first.
    if (app.hasDecorator('system'))
      app.system.useMaintenanceTexts((merchantCode) => content.getMaintenanceTexts(merchantCode));
  },
  { name: 'content', dependencies: ['database', 'i18n', 'errors'] },
);
