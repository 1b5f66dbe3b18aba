import { afterEach, describe, expect, it, vi } from 'vitest';
import { followNewBuilds, syncManifestLink } from './service-worker';

type Listener = (state: {
  navigation: { state: string; location?: { pathname: string; search: string; hash: string } };
}) => void;

function setVisibility(value: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** A service worker container and a router the test drives by hand. */
function setUp(options: { controlled: boolean }) {
  const container = new EventTarget() as EventTarget & { controller: object | null };
  container.controller = options.controlled ? {} : null;
  let navigate: Listener = () => {};
  const router = {
    subscribe: (listener: Listener) => {
      navigate = listener;
      return () => {};
    },
  };
  const reloader = { reload: vi.fn(), assign: vi.fn() };
  followNewBuilds(container as unknown as ServiceWorkerContainer, router, reloader);
  return {
    reloader,
    newBuildTakesOver: () => container.dispatchEvent(new Event('controllerchange')),
    goTo: (pathname: string, search = '') =>
      navigate({ navigation: { state: 'loading', location: { pathname, search, hash: '' } } }),
  };
}

afterEach(() => setVisibility('visible'));

describe('following new builds', () => {
  it('does nothing when the first service worker takes the page: it is the same build', () => {
    const { reloader, newBuildTakesOver, goTo } = setUp({ controlled: false });
    newBuildTakesOver();
    goTo('/rng');
    setVisibility('hidden');
    expect(reloader.reload).not.toHaveBeenCalled();
    expect(reloader.assign).not.toHaveBeenCalled();
  });

  it('loads the next page in full from the new build instead of changing it in place', () => {
    const { reloader, newBuildTakesOver, goTo } = setUp({ controlled: true });
    newBuildTakesOver();
    expect(reloader.reload).not.toHaveBeenCalled();
    goTo('/promotions', '?tab=2');
    expect(reloader.assign).toHaveBeenCalledWith('/promotions?tab=2');
  });

  it('reloads a page onto the new build as soon as it is hidden, once', () => {
    const { reloader, newBuildTakesOver, goTo } = setUp({ controlled: true });
    newBuildTakesOver();
    setVisibility('hidden');
    goTo('/rng');
    expect(reloader.reload).toHaveBeenCalledOnce();
    expect(reloader.assign).not.toHaveBeenCalled();
  });
});

describe('manifest link', () => {
  it('carries the stored merchant, the language and the light theme, and colours the browser bar', () => {
    document.head.innerHTML =
      '<link rel="manifest" href="/manifest.webmanifest"><meta name="theme-color" content="#0f1222">';
    localStorage.setItem('merchantCode', 'MX');
    document.documentElement.lang = 'es';
    document.documentElement.dataset.theme = 'light';
    syncManifestLink();
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/manifest.webmanifest?merchantCode=MX&lang=es&theme=light',
    );
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#f4f5fb');
  });
});
