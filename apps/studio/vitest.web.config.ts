import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The game frames' tests (src/web), in jsdom. Separate from vitest.config.ts, which runs the studio
 * server's tests in Node; `npm test` runs both.
 */
export default defineConfig({
  // Paths below are relative to apps/studio even when run from the repository root (npm test).
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'studio-web',
    environment: 'jsdom',
    include: ['src/web/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/web/test/setup.ts'],
    // One jsdom per worker, not per file (as the site's tests): 13 s against 3 s for these files.
    isolate: false,
    // As in the build (Vite's base): links and API calls are made under /studio/.
    env: { BASE_URL: '/studio/' },
  },
});
