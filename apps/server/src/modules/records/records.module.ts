import fp from 'fastify-plugin';
import { BalanceNotifier } from './balance-notifier';
import { RecordsRepository } from './records.repository';
import { recordsRoutes } from './records.routes';
import { RecordsService } from './records.service';

/**
 * Records (reads only): the balance call and its live `balance` event, account record, bonus details
 * and profit and loss. Balances and movements come from the ledger's service (`app.ledger`).
 */
export const recordsModule = fp(
  async (app) => {
    const notifier = new BalanceNotifier(app.ledger, app.realtime, app.log);
    const stopListening = app.ledger.onAccountsChanged((accountIds) => notifier.accountsChanged(accountIds));
    app.addHook('onClose', async () => {
      stopListening();
      await notifier.stop();
    });
    await app.register(recordsRoutes, {
      records: new RecordsService(new RecordsRepository(app.db), app.ledger),
    });
  },
  { name: 'records', dependencies: ['ledger', 'auth', 'realtime'] },
);
