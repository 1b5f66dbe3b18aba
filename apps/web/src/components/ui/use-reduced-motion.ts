import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';

// One MediaQueryList for the page: every render of a moving part reads it (the jackpot counter at
// each frame of its roll), and building a new one per read cost a slow phone's main thread more
// than the read itself. Built again only when matchMedia itself is replaced (tests stub it).
let kept: { matchMedia: Window['matchMedia']; list: MediaQueryList } | null = null;

function media(): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  if (kept?.matchMedia !== window.matchMedia)
    kept = { matchMedia: window.matchMedia, list: window.matchMedia(query) };
  return kept.list;
}

function subscribe(onChange: () => void) {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * True when the person asked the system for less motion (DESIGN.md): carousels stop playing by
 * themselves, the marquee stands still and counters stop counting. Follows the setting live.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
