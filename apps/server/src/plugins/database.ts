import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
  }
}

/** Makes the database and configuration reachable from every module; closes the database last. */
export const databasePlugin = fp<{ db: Database; config: Config; ownsDatabase: boolean }>(
  async (app, { db, config, ownsDatabase }) => {
    app.decorate('db', db);
    app.decorate('config', config);
    if (ownsDatabase) app.addHook('onClose', async () => db.close());
  },
  { name: 'database' },
);
