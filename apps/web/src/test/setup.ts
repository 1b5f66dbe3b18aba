import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { dismissAllToasts } from '../components/ui/toast';
import { setPlayState } from '../features/games/play-store';
import { reloadSession } from '../lib/session-store';

// jsdom has no scrolling; the app scrolls after each navigation.
window.scrollTo = () => {};
// jsdom has no animation frames by default in every version; forms use one to move focus.
window.requestAnimationFrame ??= (callback) => setTimeout(() => callback(Date.now()), 0) as unknown as number;
Element.prototype.scrollIntoView = () => {};

// The sign-in and announcement popups are lazy chunks in the app. Loading them once up front keeps
// a test's wait for a popup about the popup, not about the test runner compiling its module graph.
beforeAll(async () => {
  await Promise.all([
    import('../features/auth/components/login-dialog'),
    import('../features/auth/components/register-dialog'),
    import('../features/auth/components/forgot-password-dialog'),
    import('../features/auth/components/change-password-dialog'),
    import('../features/auth/components/second-verification-dialog'),
    import('../features/announcements/components/announcement-dialog'),
  ]);
});

// The files of a worker share one window and one set of modules (vitest.config.ts: isolate false),
// so nothing a test stubs or stores may outlive it: globals, storage, and the module-level stores of
// the game popup and the toasts.
afterEach(() => {
  cleanup();
  setPlayState(null);
  dismissAllToasts();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  // The session store caches what storage held; tell it storage was cleared.
  reloadSession();
  document.documentElement.dataset.theme = 'dark';
});
