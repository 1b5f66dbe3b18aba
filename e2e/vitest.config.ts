import { defineConfig } from 'vitest/config';

/** Browser tests: a real server and Debian's Chromium. One file at a time (2 cores). */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['specs/**/*.e2e.test.ts'],
    globalSetup: ['support/seeded-template.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
