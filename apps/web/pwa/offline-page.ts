import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const locales = resolve(import.meta.dirname, '../../../packages/shared/locales');
const languages = ['en', 'pt', 'es', 'bn'];

type OfflineTexts = { title: string; body: string; retry: string };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** The page the service worker answers a navigation with when the network is away. */
export function offlinePageHtml(texts: Record<string, OfflineTexts>): string {
  const en = texts.en as OfflineTexts;
  // JSON inside <script type="application/json"> is data, not script; `<` is escaped so no text can
  // close the element.
  const data = JSON.stringify(texts).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en" data-theme="dark">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="theme-color" content="#0f1222" />
    <title>${escapeHtml(en.title)} · Sorte</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="/offline.css" />
    <script src="/offline.js" defer></script>
  </head>
  <body>
    <main>
      <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true">
        <circle cx="32" cy="32" r="20" fill="none" stroke="var(--color-primary)" stroke-width="6" />
        <circle cx="32" cy="32" r="7" fill="var(--color-accent)" />
      </svg>
      <h1 data-text="title">${escapeHtml(en.title)}</h1>
      <p data-text="body">${escapeHtml(en.body)}</p>
      <button type="button" id="retry" data-text="retry">${escapeHtml(en.retry)}</button>
    </main>
    <script type="application/json" id="offline-texts">${data}</script>
  </body>
</html>
`;
}

/**
 * Emits offline.html, offline.css and offline.js at the root of the build (so the service worker
 * precaches them), with the texts of the `pwa` catalogs in every language and the brand tokens.
 */
export function offlinePage(): Plugin {
  return {
    name: 'sorte-offline-page',
    apply: 'build',
    buildStart() {
      for (const lang of languages) this.addWatchFile(resolve(locales, lang, 'pwa.json'));
    },
    generateBundle() {
      const texts = Object.fromEntries(
        languages.map((lang) => [
          lang,
          (JSON.parse(readFileSync(resolve(locales, lang, 'pwa.json'), 'utf8')) as { offline: OfflineTexts })
            .offline,
        ]),
      );
      const tokens = readFileSync(resolve(locales, '../styles/brand-tokens.css'), 'utf8');
      const css = readFileSync(resolve(import.meta.dirname, 'offline.css'), 'utf8');
      const js = readFileSync(resolve(import.meta.dirname, 'offline.js'), 'utf8');
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: offlinePageHtml(texts) });
      this.emitFile({ type: 'asset', fileName: 'offline.css', source: `${tokens}\n${css}` });
      this.emitFile({ type: 'asset', fileName: 'offline.js', source: js });
    },
  };
}
