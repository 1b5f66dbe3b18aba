import { defineConfig } from 'vitest/config';

/** Unit and integration suites of every workspace. Browser (e2e) tests run separately, after a build. */
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
  },
});
