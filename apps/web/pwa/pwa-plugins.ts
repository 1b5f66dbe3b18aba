import type { PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { offlinePage } from './offline-page';

/**
 * The lite app (spec section 2): a Workbox service worker that precaches the app shell and the
 * hashed assets, answers a navigation that fails for want of a network with the offline page, and
 * never touches API answers. The manifest is not generated here: the server answers
 * /manifest.webmanifest per merchant. The site registers /sw.js itself (src/lib/service-worker.ts).
 */
export function pwaPlugins(): PluginOption[] {
  return [
    offlinePage(),
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      injectRegister: false,
      manifest: false,
      includeManifestIcons: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html}', 'favicon.svg', 'icons/icon.svg', 'icons/icon-192.png'],
        // Game and banner art is large and changes with the content, not the build: left to HTTP.
        globIgnores: ['art/**'],
        // Page addresses are not served from the precache (not even "/"): a page is always the
        // server's latest, and the offline page stands in only when the network fails.
        directoryIndex: null,
        navigateFallback: null,
        // A new build takes over open pages at once; the page reloads itself onto it (see
        // src/lib/service-worker.ts) and the old build's precache is deleted.
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        inlineWorkboxRuntime: true,
        sourcemap: false,
        runtimeCaching: [
          {
            // Page navigations only, never the API, socket, studio frames, documents or dev pages:
            // those go to the network untouched and are never cached. Serialised into sw.js by
            // Workbox, so the list is written out here rather than shared with vite.config.ts.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' &&
              !/^\/(wps|lgw|lotto|vendor|ops|ws|studio|dev|payments|docs|healthz|readyz|manifest\.webmanifest)(\/|$)/.test(
                url.pathname,
              ),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/offline.html' } },
          },
        ],
      },
    }),
  ];
}
