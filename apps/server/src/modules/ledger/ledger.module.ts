import fp from 'fastify-plugin';
import { LedgerRepository } from './ledger.repository';
import { ledgerRoutes } from './ledger.routes';
import { LedgerService } from './ledger.service';

declare module 'fastify' {
  interface FastifyInstance {
    ledger: LedgerService;
  }
}

/** The ledger: its service for other modules (`app.ledger`), house accounts at start, operator routes. */
export const ledgerModule = fp(
  async (app) => {
    const ledger = new LedgerService(new LedgerRepository(app.db), app.config.houseShards);
    await ledger.ensureHouseAccounts();
    app.decorate('ledger', ledger);
    await app.register(ledgerRoutes, { ledger });
  },
  { name: 'ledger', dependencies: ['database'] },
);
