import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The operator console: its own build, served by the API server under /console, never part of the
 * player site's bundle. The dev server (`npm run dev -w @sorte/console`) sends /ops to the API.
 */
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  server: {
    port: 5174,
    proxy: { '/ops': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    rolldownOptions: {
      // packages/shared is constants, functions and zod schemas: modules the console takes nothing
      // from are left out of the bundle.
      treeshake: { moduleSideEffects: (id: string) => !/packages[\\/]shared[\\/]src[\\/]/.test(id) },
      output: {
        codeSplitting: {
          groups: [
            // use-sync-external-store: react-i18next's, here so the charts group does not capture it.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|use-sync-external-store)[\\/]/,
            },
            { name: 'mantine', test: /node_modules[\\/](@mantine[\\/](?!charts)|@floating-ui)/ },
            // @mantine/charts and recharts (with its d3 and redux) only on the screens that draw charts.
            {
              name: 'charts',
              test: /node_modules[\\/](@mantine[\\/]charts|recharts|d3-[a-z-]+|victory-vendor|@reduxjs|react-redux|redux|immer|reselect|es-toolkit|decimal\.js-light|eventemitter3)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
