import { themeColours } from '@sorte/shared/theme-colours';
import { captureInstallPrompt } from './install-prompt';
import { readStored, storageKeys } from './storage-keys';

/** The part of the data router this module watches: its navigations. */
type NavigationSource = {
  subscribe(
    listener: (state: {
      navigation: { state: string; location?: { pathname: string; search: string; hash: string } };
    }) => void,
  ): () => void;
};

type Reloader = { reload: () => void; assign: (url: string) => void };

const browserReloader: Reloader = {
  reload: () => window.location.reload(),
  assign: (url) => window.location.assign(url),
};

/**
 * The manifest link follows the visitor's stored merchant (when the domain does not fix it, the
 * server has only this to go by), the interface language and the theme, so an install from this
 * page gets the right name and splash colours. The browser-bar colour follows the theme too.
 */
export function syncManifestLink(doc: Document = document): void {
  const root = doc.documentElement;
  const theme = root.dataset.theme === 'light' ? 'light' : 'dark';
  const params = new URLSearchParams();
  const merchantCode =
    typeof localStorage === 'undefined' ? null : readStored(localStorage, storageKeys.merchantCode);
  if (merchantCode) params.set('merchantCode', merchantCode);
  if (root.lang) params.set('lang', root.lang);
  if (theme === 'light') params.set('theme', 'light');
  const query = params.toString();
  doc
    .querySelector('link[rel="manifest"]')
    ?.setAttribute('href', `/manifest.webmanifest${query ? `?${query}` : ''}`);
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColours[theme]);
}

/**
 * Keeps open pages on the newest build. The service worker of a new build skips waiting and claims
 * the page (controllerchange); the page then still runs the old build's code, whose lazy chunks the
 * new precache no longer holds. So it moves onto the new build without asking, at a moment that
 * costs the player nothing: at once if the tab is hidden, else when it is next hidden or at the next
 * page change (a full load of that page instead of a client-side one), never in the middle of a game
 * round on screen. The first install (no controller before) changes nothing: same build.
 */
export function followNewBuilds(
  container: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'>,
  router: NavigationSource | null,
  reloader: Reloader = browserReloader,
  doc: Document = document,
): void {
  let hadController = Boolean(container.controller);
  let pending = false;
  let done = false;
  const reloadNow = (to?: string) => {
    if (done) return;
    done = true;
    if (to) reloader.assign(to);
    else reloader.reload();
  };
  doc.addEventListener('visibilitychange', () => {
    if (pending && doc.visibilityState === 'hidden') reloadNow();
  });
  router?.subscribe((state) => {
    const target = state.navigation.location;
    if (pending && state.navigation.state === 'loading' && target)
      reloadNow(`${target.pathname}${target.search}${target.hash}`);
  });
  container.addEventListener('controllerchange', () => {
    if (!hadController) {
      hadController = true;
      return;
    }
    pending = true;
    if (doc.visibilityState === 'hidden') reloadNow();
  });
}

/**
 * Registers /sw.js after the page has loaded (never competing with the first paint), checks for a
 * new build when the tab comes back and every hour, and follows new builds (followNewBuilds).
 * Production builds only: the dev server has no service worker.
 */
export function registerServiceWorker(router: NavigationSource): void {
  captureInstallPrompt();
  syncManifestLink();
  // Theme and language switches change these attributes; the manifest link follows them.
  new MutationObserver(() => syncManifestLink()).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme', 'lang'],
  });
  // A lazy chunk of a build that is gone (deployed over while this tab was open): load the page
  // afresh, at most once a minute so a broken network cannot loop.
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(readStored(sessionStorage, 'chunkReloadAt') ?? 0);
    if (Date.now() - last < 60_000) return;
    event.preventDefault();
    try {
      sessionStorage.setItem('chunkReloadAt', String(Date.now()));
    } catch {
      // Without storage the guard is lost; the reload still helps.
    }
    window.location.reload();
  });
  if (!('serviceWorker' in navigator)) return;
  followNewBuilds(navigator.serviceWorker, router);
  const register = async () => {
    try {
      const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      const check = () => registration.update().catch(() => {});
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
      setInterval(check, 60 * 60 * 1000);
    } catch {
      // No service worker (private mode, an old browser): the site works as a plain website.
    }
  };
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
