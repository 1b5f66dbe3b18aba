import fp from 'fastify-plugin';
import { ContractsRepository } from './contracts.repository';
import { contractsRoutes } from './contracts.routes';
import { ContractsService } from './contracts.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Agent contracts: offers, acceptance with the rate cap and cascade, operator-given contracts. */
    contracts: ContractsService;
  }
}

export const contractsModule = fp(
  async (app) => {
    const contracts = new ContractsService(app.db, new ContractsRepository(app.db), app.messages);
    app.decorate('contracts', contracts);
    await app.register(contractsRoutes, { contracts });
  },
  { name: 'contracts', dependencies: ['auth', 'messages'] },
);
