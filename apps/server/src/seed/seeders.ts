import type { FastifyInstance } from 'fastify';
import { demoAgentSeeder } from './demo-agent';
import { demoAgentContractsSeeder } from './demo-agent-contracts';
import { demoAgentTeamSeeder } from './demo-agent-team';
import { demoContentSeeder } from './demo-content';
import { demoGamesSeeder } from './demo-games';
import { demoHistorySeeder } from './demo-history';
import { demoMemberSeeder } from './demo-member';

/** A named, idempotent piece of demo data. It runs once per database. */
export type Seeder = {
  name: string;
  run(app: FastifyInstance): Promise<void>;
};

/**
 * Demo data, in order. Each feature adds its seeder here (one line) when it has data worth showing;
 * nothing is seeded for features that do not exist yet.
 */
export const demoSeeders: Seeder[] = [
  demoMemberSeeder,
  demoAgentSeeder,
  demoGamesSeeder,
  demoContentSeeder,
  demoAgentTeamSeeder,
  demoAgentContractsSeeder,
  demoHistorySeeder,
];

/** The demo data without the 90 days of history (SEED_DEMO_HISTORY=false): accounts, games, content. */
export const demoSeedersWithoutHistory: Seeder[] = demoSeeders.filter(
  (seeder) => seeder !== demoHistorySeeder,
);
