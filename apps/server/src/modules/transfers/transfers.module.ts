import fp from 'fastify-plugin';
import { TransfersRepository } from './transfers.repository';
import { transfersRoutes } from './transfers.routes';
import { TransfersService } from './transfers.service';

/**
 * Member transfers: wallet mode and vendor transfer wallets, main ⇄ vendor wallet, to the upline and
 * to downlines. Each is one transfer through the ledger's service (`app.ledger`).
 */
export const transfersModule = fp(
  async (app) => {
    await app.register(transfersRoutes, {
      transfers: new TransfersService(new TransfersRepository(app.db), app.ledger, app.rateLimiter),
    });
  },
  { name: 'transfers', dependencies: ['ledger', 'auth', 'redis'] },
);
