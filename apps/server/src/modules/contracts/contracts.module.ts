import fp from 'fastify-plugin';
import { ContractsRepository } from './contracts.repository';
import { contractsRoutes } from './contracts.routes';
import { ContractsService } from './contracts.service';
import { FineFiguresSource } from './fine-figures';
import { RollupFiguresSource } from './rollup-figures';
import { SettlementRepository } from './settlement.repository';
import { SettlementService } from './settlement.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Agent contracts: offers, acceptance with the rate cap and cascade, operator-given contracts. */
    contracts: ContractsService;
    /** The settlement run (payables per contract and period, paid through the ledger). */
    contractSettlements: SettlementService;
  }
}

/** How often the settlement run looks for ended periods (every period ends on a 5-minute mark). */
export const SETTLEMENT_INTERVAL_MS = 60_000;
/** A period settles a minute after it ends, once the team rollups have read its last transfers. */
export const SETTLEMENT_DELAY_MS = 60_000;

export const contractsModule = fp(
  async (app) => {
    const contracts = new ContractsService(app.db, new ContractsRepository(app.db), app.messages);
    const settlements = new SettlementService(
      app.db,
      new SettlementRepository(app.db),
      app.ledger,
      // Hourly and real-time periods from the slot sums; days and longer from the agents' rollups.
      new FineFiguresSource(app.db, new RollupFiguresSource(app.db)),
      { settleDelayMs: SETTLEMENT_DELAY_MS },
    );
    app.decorate('contracts', contracts);
    app.decorate('contractSettlements', settlements);
    await app.register(contractsRoutes, { contracts, settlements });

    // Tests run settlements themselves, with their own clock.
    if (app.config.env !== 'test') {
      const timer = setInterval(() => {
        app.agents.rollups
          .catchUp()
          .then(() => settlements.runDue())
          .catch((error) => app.log.error({ err: error }, 'contract settlement run failed'));
      }, SETTLEMENT_INTERVAL_MS);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
  },
  { name: 'contracts', dependencies: ['auth', 'messages', 'ledger', 'agents'] },
);
