import fp from 'fastify-plugin';
import { playMoneyRoutes } from './play-money.routes';
import { PlayMoneyService } from './play-money.service';

/** Play money of free-play accounts: the top-up call. Money moves through `app.ledger` only. */
export const playMoneyModule = fp(
  async (app) => {
    await app.register(playMoneyRoutes, { playMoney: new PlayMoneyService(app.ledger) });
  },
  { name: 'play-money', dependencies: ['ledger', 'auth'] },
);
