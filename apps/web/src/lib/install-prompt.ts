import { useSyncExternalStore } from 'react';

/** Chrome's `beforeinstallprompt` event (not in the DOM typings): the browser's own install dialog. */
type InstallPromptEvent = Event & {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

type InstallState = { canInstall: boolean; installed: boolean };

const listeners = new Set<() => void>();
let offered: InstallPromptEvent | null = null;
let state: InstallState = { canInstall: false, installed: false };
let capturing = false;

function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || Boolean(window.matchMedia?.('(display-mode: standalone)').matches);
}

function publish(next: InstallState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Keeps the browser's install offer for the app download page's button. Called from the start (the
 * offer comes once, often before that page is open) and again by the page; the browser's own
 * install banner is left alone.
 */
export function captureInstallPrompt(): void {
  if (capturing || typeof window === 'undefined') return;
  capturing = true;
  if (isStandalone()) state = { canInstall: false, installed: true };
  window.addEventListener('beforeinstallprompt', (event) => {
    offered = event as InstallPromptEvent;
    publish({ canInstall: true, installed: false });
  });
  window.addEventListener('appinstalled', () => {
    offered = null;
    publish({ canInstall: false, installed: true });
  });
}

/** Opens the browser's install dialog; an offer can be used once, so the button goes after it. */
async function install(): Promise<void> {
  const event = offered;
  if (!event) return;
  offered = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  publish({ canInstall: false, installed: outcome === 'accepted' });
}

export function useInstallPrompt() {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
  return { ...current, install };
}
