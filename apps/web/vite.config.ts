import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstPageChunk } from './boot/first-page-chunk';
import { i18nAlias } from './boot/i18n-alias';
import { routePreloadPlugin } from './boot/route-preload-plugin';
import { pwaPlugins } from './pwa/pwa-plugins';

const api = 'http://localhost:8080';
const proxied = [
  '/wps',
  '/lgw',
  '/lotto',
  '/vendor',
  '/ops',
  '/docs',
  '/healthz',
  '/readyz',
  '/studio',
  '/dev',
  '/payments',
  '/manifest.webmanifest',
];

const firstPage = firstPageChunk();

/**
 * The production build runs on Preact's React layer instead of React DOM: the same components,
 * hooks, router, query client and i18n bindings, but about 50 KB gzip less JavaScript before a
 * phone can paint the lobby (React DOM alone was 60 KB of the home route's 180). The dev server
 * and the unit tests keep React; the browser tests (e2e) run against this build.
 */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * React Router's package exports name only its development files (with their warnings and checks
 * on every hook call); the build takes the production files it ships beside them.
 */
const routerAlias = {
  find: /^react-router$/,
  replacement: join(
    dirname(createRequire(import.meta.url).resolve('react-router')),
    '../production/index.mjs',
  ),
};

export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' ? [...preactAliases, routerAlias, i18nAlias] : [i18nAlias] },
  plugins: [react(), firstPage.plugin, routePreloadPlugin(), ...pwaPlugins()],
  server: {
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, api])),
      '/ws': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    // Keep the framework in its own long-cached chunk; routes are split by lazy() in the router.
    // The size test and the server read the entry's import graph from here.
    manifest: true,
    rolldownOptions: {
      // packages/shared is plain constants, functions and zod schemas: a module the site imports
      // nothing from (the contracts) is left out, so zod does not ship with the first page.
      treeshake: { moduleSideEffects: (id: string) => !/packages[\\/]shared[\\/]src[\\/]/.test(id) },
      output: {
        advancedChunks: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|preact)[\\/]/ },
            { name: 'app', test: firstPage.test },
          ],
        },
      },
    },
  },
}));
