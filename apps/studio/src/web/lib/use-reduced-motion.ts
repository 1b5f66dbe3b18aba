import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function read(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** True when the player asked for less motion: reels, balls and counters then jump to their result. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}

/** Scales an animation duration: full length, or a short fade when motion is reduced. */
export function motionMs(ms: number, reduced: boolean): number {
  return reduced ? Math.min(ms, 120) : ms;
}
