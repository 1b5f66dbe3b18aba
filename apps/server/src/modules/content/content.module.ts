import fp from 'fastify-plugin';
import { ContentRepository } from './content.repository';
import { contentRoutes } from './content.routes';
import { ContentService } from './content.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Lobby content: reads for the routes, writes for the seeder (and later the operator console). */
    content: ContentService;
  }
}

/** Banners, announcements, the help centre, domain routes and resources. */
export const contentModule = fp(
  async (app) => {
    const content = new ContentService(new ContentRepository(app.db));
    app.decorate('content', content);
    await app.register(contentRoutes, { content });
  },
  { name: 'content', dependencies: ['database', 'i18n', 'errors'] },
);
