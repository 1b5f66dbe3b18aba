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
  },
});
