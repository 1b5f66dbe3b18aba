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
  // Its first start made the console's first administrator and printed the one-time password.
  const adminPassword = await printedAdminPassword(server.output);
  await server.stop({ keepData: true });
  project.provide('seededDataDir', server.dataDir);
  project.provide('consoleAdminPassword', adminPassword);
  return () => rmSync(server.dataDir, { recursive: true, force: true });
}

/** Waits for it: on a busy machine the first start (seeding 90 days of demo history) takes a while. */
async function printedAdminPassword(output: () => string): Promise<string> {
  for (let i = 0; i < 1_800; i++) {
    const printed = output().match(/one-time password:\s+(\S+)/)?.[1];
    if (printed) return printed;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the first start printed no console administrator:\n${output()}`);
}
