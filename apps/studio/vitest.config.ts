import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'studio',
    environment: 'node',
    include: ['src/server/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
