import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The game frames are a separate single-page app served by the studio under /studio: the platform
// opens /studio/play/:gameCode?token… in its game popup, and /studio/verify is the fairness checker.
const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));
const api = process.env.STUDIO_API ?? 'http://localhost:8080';

export default defineConfig({
  root: webRoot,
  base: '/studio/',
  plugins: [react()],
  server: {
    proxy: {
      '/studio/api': api,
      '/studio/crash/ws': { target: api.replace(/^http/, 'ws'), ws: true },
      '/studio/crash': api,
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // React gets its own long-cached chunk; each game is a lazy chunk, so a frame downloads only its game.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
