import type { Plugin, PluginOption, Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';
import { offlinePage } from './offline-page';

/**
 * The app shell: the entry's static import graph and the home route's, with their CSS. Only these
 * of the hashed files are precached. Precaching every route chunk and language (about 150 files,
 * 1.1 MB) would make each new visitor's phone download pages it may never open, and the server answer
 * 150 more requests per new visitor; the other chunks stay in the HTTP cache (a year, immutable).
 */
function appShell(): { plugin: Plugin; keep: ManifestTransform } {
  const shell = new Set<string>();
  const plugin: Plugin = {
    name: 'sorte-app-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      shell.clear();
      const chunks = new Map(
        Object.values(bundle)
          .filter((file): file is Rolldown.OutputChunk => file.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const visit = (chunk: Rolldown.OutputChunk) => {
        if (shell.has(chunk.fileName)) return;
        shell.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(css);
        for (const name of chunk.imports) {
          const imported = chunks.get(name);
          if (imported) visit(imported);
        }
      };
      for (const chunk of chunks.values()) {
        if (chunk.isEntry || /[\\/]pages[\\/]home-page\.tsx$/.test(chunk.facadeModuleId ?? '')) visit(chunk);
      }
    },
  };
  const keep: ManifestTransform = (entries) => ({
    manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url)),
  });
  return { plugin, keep };
}

/**
 * The lite app (spec section 2): a Workbox service worker that precaches the app shell (its
 * hashed files, the page, the offline page and the icons), answers a navigation that fails for want of a network with the offline page, and
 * never touches API answers. The manifest is not generated here: the server answers
 * /manifest.webmanifest per merchant. The site registers /sw.js itself (src/lib/service-worker.ts).
 */
export function pwaPlugins(): PluginOption[] {
  const shell = appShell();
  return [
    offlinePage(),
    shell.plugin,
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
        manifestTransforms: [shell.keep],
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
