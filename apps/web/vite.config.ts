import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
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

export default defineConfig({
  plugins: [react(), ...pwaPlugins()],
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
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
});
