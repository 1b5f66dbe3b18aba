import type { FastifyInstance } from 'fastify';
import type { Seeder } from './seeders';

/**
 * Runs each seeder not yet recorded in seed_runs. A seeder and its record are not in one database
 * transaction (seeders call services that open their own), so seeders must be idempotent: a crash
 * between the two only means the seeder runs again next start.
 */
export async function runSeeders(app: FastifyInstance, seeders: Seeder[]): Promise<string[]> {
  const done = new Set(
    (await app.db.query<{ name: string }>('select name from seed_runs')).map((r) => r.name),
  );
  const ran: string[] = [];
  for (const seeder of seeders) {
    if (done.has(seeder.name)) continue;
    await seeder.run(app);
    await app.db.query('insert into seed_runs (name) values ($1) on conflict (name) do nothing', [
      seeder.name,
    ]);
    ran.push(seeder.name);
  }
  return ran;
}
