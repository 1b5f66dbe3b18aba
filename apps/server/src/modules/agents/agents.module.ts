import fp from 'fastify-plugin';
import { AgentsRepository } from './agents.repository';
import { agentsRoutes } from './agents.routes';
import { LinksRepository } from './links.repository';
import { linksRoutes, recordSignupDomains } from './links.routes';
import { LinksService } from './links.service';
import { RollupsService } from './rollups.service';
import { TeamService } from './team.service';

/** How often the rollups catch up with the ledger. */
export const ROLLUP_INTERVAL_MS = 2_000;
/**
 * Transfers per catch-up batch. PGlite runs every statement on one thread: small batches keep each
 * of a batch's statements short, so bets never wait long behind one (bench:wallet at 800 calls/s,
 * when a batch was one transaction: 300 held the connection ~40 ms, 60 ~10 ms, p99 of the calls
 * 52 -> 33 ms; a catch-up stops at its first short batch, so smaller batches cost little more). On
 * PostgreSQL, 500: each step of a batch of 2,000 (its read, its member and round reads, the sums)
 * took 10-30 ms of a core at once, and the calls arriving then waited for it (bench:wallet open loop
 * p99 13-20 ms paced; 9-10.5 ms with 500, at the same database CPU per round).
 */
const ROLLUP_BATCH_SIZE = { postgres: 500, pglite: 60 } as const;
/**
 * A catch-up rests as long as its work took. It shares the machine with the money calls: run flat
 * out on PostgreSQL it held a core for a quarter of a second every 2 s (bench:wallet at 2,000
 * calls/s: a window of calls at 30-75 ms each time, most of the p99 of 28-34 ms), so there it rests
 * after each step. On PGlite it rests between batches (its statements queue on one thread anyway;
 * measured so in bench:load, bets p99 88-89 ms).
 */
const ROLLUP_PACE = {
  postgres: { restRatio: 1, maxRestMs: 50, between: 'steps' },
  pglite: { restRatio: 1, maxRestMs: 50, between: 'batches' },
} as const;

export type AgentsApi = { rollups: RollupsService; team: TeamService };

declare module 'fastify' {
  interface FastifyInstance {
    agents: AgentsApi;
  }
}

/**
 * Agent teams: the hierarchy (member_tree, kept by triggers), the rollups caught up from the
 * ledger's transfers in the background, and the agent centre's team reads.
 */
export const agentsModule = fp(
  async (app) => {
    const rollups = new RollupsService(
      app.db,
      app.ledger,
      { batchSize: ROLLUP_BATCH_SIZE[app.db.kind], pace: ROLLUP_PACE[app.db.kind] },
      app.log,
    );
    const team = new TeamService(new AgentsRepository(app.db), app.ledger);
    app.decorate('agents', { rollups, team });
    await app.register(agentsRoutes, { team });
    const links = new LinksService(new LinksRepository(app.db));
    await app.register(linksRoutes, { links });
    app.addHook('onResponse', async (request, reply) =>
      recordSignupDomains(request, reply.statusCode, links),
    );

    // Tests run the catch-up themselves, when they want it.
    if (app.config.env !== 'test') {
      const timer = setInterval(() => {
        rollups.catchUp().catch(() => {
          // Logged by the service; the next tick retries from the same cursor.
        });
      }, ROLLUP_INTERVAL_MS);
      timer.unref();
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await rollups.idle();
      });
    }
  },
  { name: 'agents', dependencies: ['ledger', 'auth'] },
);
