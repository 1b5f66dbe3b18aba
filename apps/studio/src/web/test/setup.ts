import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom has no layout: canvases draw nothing and there are no animation frames in some versions.
window.requestAnimationFrame ??= (callback) =>
  setTimeout(() => callback(performance.now()), 16) as unknown as number;
window.cancelAnimationFrame ??= (id) => clearTimeout(id);
Element.prototype.scrollIntoView ??= () => {};

// The files of a worker share one window (vitest.web.config.ts: isolate false): nothing a test
// stubs or stores may outlive it.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});
