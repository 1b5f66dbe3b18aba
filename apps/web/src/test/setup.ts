import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { reloadSession } from '../lib/session-store';

// jsdom has no scrolling; the app scrolls after each navigation.
window.scrollTo = () => {};
// jsdom has no animation frames by default in every version; forms use one to move focus.
window.requestAnimationFrame ??= (callback) => setTimeout(() => callback(Date.now()), 0) as unknown as number;
Element.prototype.scrollIntoView = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // The session store caches what storage held; tell it storage was cleared.
  reloadSession();
  document.documentElement.dataset.theme = 'dark';
});
