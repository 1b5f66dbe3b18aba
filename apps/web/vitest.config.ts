import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { i18nAlias } from './boot/i18n-alias';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: [i18nAlias] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // One jsdom per worker, not per file: building a jsdom window and loading React, the router and
    // the app's modules again for each of ~50 files was most of this project's time (344 s against
    // 111 s, same machine, same load). setup.ts resets what a file could leave behind.
    isolate: false,
  },
});
