import fp from 'fastify-plugin';
import { LedgerRepository } from '../ledger/ledger.repository';
import { BalanceNotifier } from './balance-notifier';
import { RecordsRepository } from './records.repository';
import { recordsRoutes } from './records.routes';
import { RecordsService } from './records.service';
import { TransfersService } from './transfers.service';

/**
 * Records and member transfers: the balance call and its live `balance` event, wallet mode and
 * transfer wallets, transfers to the upline and downlines, account record, bonus details and profit
 * and loss.
 */
export const recordsModule = fp(
  async (app) => {
    const repository = new RecordsRepository(app.db);
    const notifier = new BalanceNotifier(repository, app.realtime, app.log);
    const stopListening = app.ledger.onAccountsChanged((accountIds) => notifier.accountsChanged(accountIds));
    app.addHook('onClose', async () => {
      stopListening();
      await notifier.stop();
    });
    await app.register(recordsRoutes, {
      records: new RecordsService(repository, app.ledger),
      transfers: new TransfersService(repository, app.ledger, new LedgerRepository(app.db), app.rateLimiter),
    });
  },
  { name: 'records', dependencies: ['wallet', 'auth', 'realtime'] },
);
