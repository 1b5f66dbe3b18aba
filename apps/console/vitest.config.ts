import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'console',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // One jsdom per worker, not per file (as the site's tests): the window and the console's modules
    // are built once per worker instead of once per file. setup.ts resets what a file leaves behind.
    isolate: false,
    testTimeout: 20_000,
  },
});
