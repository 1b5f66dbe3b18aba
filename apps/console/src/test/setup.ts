import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { changeLanguage, currentLanguage } from '../lib/i18n';
import { fakeMediaQueryList } from './media-query';

// The whole suite runs two files per core at once: waits allow for a busy machine.
configure({ asyncUtilTimeout: 4000 });

// The list screens are lazy chunks in the app. Loading them once up front keeps a test's wait for
// a screen about the screen, not about the test runner compiling its module graph.
beforeAll(async () => {
  await Promise.all([
    import('../pages/withdrawals-page'),
    import('../pages/deposits-page'),
    import('../pages/operators-page'),
    import('../pages/audit-page'),
    import('../pages/players-page'),
    import('../pages/player-page'),
    import('../pages/adjustments-page'),
    import('../pages/reports-page'),
    import('../pages/dashboard-page'),
    import('../features/reports/components/dashboard-charts'),
  ]);
});

// jsdom lacks what Mantine's layout and media-query hooks use.
window.matchMedia ??= (query: string) => fakeMediaQueryList(query, false);
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView = () => {};
// The auto-growing textarea listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
window.scrollTo = () => {};

// The files of a worker share one window and one set of modules (vitest.config.ts: isolate false),
// so nothing a test changes may outlive it: the language a test picked stays in the i18n module, and
// the notifications a test raised stay in Mantine's store.
afterEach(async () => {
  cleanup();
  notifications.clean();
  notifications.cleanQueue();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (currentLanguage() !== 'en') await changeLanguage('en');
  localStorage.clear();
});
