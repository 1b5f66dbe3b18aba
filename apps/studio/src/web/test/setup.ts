import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout: canvases draw nothing and there are no animation frames in some versions.
window.requestAnimationFrame ??= (callback) =>
  setTimeout(() => callback(performance.now()), 16) as unknown as number;
window.cancelAnimationFrame ??= (id) => clearTimeout(id);
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
