import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Unit and integration suites of every workspace. Browser (e2e) tests run separately, after a build. */
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, where
    // the run is mostly module loading and database start-up per file. Two workers on 2 cores took
    // the suite from 468 s to 287 s (`npm test`'s 15-minute budget). On PostgreSQL one file at a
    // time: each file's pool may open up to 60 connections, and a default server allows 100.
    maxWorkers: process.env.DATABASE_URL ? 1 : availableParallelism(),
  },
});
