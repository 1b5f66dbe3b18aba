import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

/**
 * Vitest global setup: migrates and seeds one embedded database (and the studio's, with its crash
 * chain) before the first spec. Every spec then starts its server on a copy of it: a fresh database
 * costs ~10 s of initdb, migrations, seeding and chain hashing, a copy ~0.1 s, and each spec still
 * gets a database of its own that nothing else writes to.
 */
export default async function setup(project: TestProject) {
  const server = await startServer({}, { fresh: true });
  await server.stop({ keepData: true });
  project.provide('seededDataDir', server.dataDir);
  return () => rmSync(server.dataDir, { recursive: true, force: true });
}
