import { useSyncExternalStore } from 'react';
import { readStored, removeStored, storageKeys, writeStored } from './storage-keys';

/**
 * The login of this tab (spec section 4): the token lives in session storage, so closing the tab
 * ends it and a second tab signs in on its own. A tiny store rather than React state, because the
 * API client (outside React) must be able to end the session when the server answers 401.
 */
export type SessionSnapshot = {
  token: string | null;
  /** A default or expired password must be changed before anything else (cannot be dismissed). */
  passwordChangeRequired: boolean;
};

const listeners = new Set<() => void>();
let snapshot: SessionSnapshot = read();

function hasSessionStorage() {
  return typeof sessionStorage !== 'undefined';
}

function read(): SessionSnapshot {
  if (!hasSessionStorage()) return { token: null, passwordChangeRequired: false };
  const token = readStored(sessionStorage, storageKeys.token);
  return {
    token: token || null,
    passwordChangeRequired:
      Boolean(token) && readStored(sessionStorage, storageKeys.passwordChangeRequired) === '1',
  };
}

function publish() {
  const next = read();
  if (next.token === snapshot.token && next.passwordChangeRequired === snapshot.passwordChangeRequired)
    return;
  snapshot = next;
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current session; the same object until something changes (for useSyncExternalStore). */
export function getSession(): SessionSnapshot {
  return snapshot;
}

/** Stores a fresh login. `passwordChangeRequired` keeps the forced change across a reload. */
export function startSession(token: string, options: { passwordChangeRequired?: boolean } = {}) {
  // Another member's cached info must never show under the new token.
  removeStored(sessionStorage, storageKeys.memberInfo);
  writeStored(sessionStorage, storageKeys.token, token);
  if (options.passwordChangeRequired) writeStored(sessionStorage, storageKeys.passwordChangeRequired, '1');
  else removeStored(sessionStorage, storageKeys.passwordChangeRequired);
  publish();
}

export function requirePasswordChange() {
  if (!snapshot.token) return;
  writeStored(sessionStorage, storageKeys.passwordChangeRequired, '1');
  publish();
}

export function passwordChanged() {
  removeStored(sessionStorage, storageKeys.passwordChangeRequired);
  publish();
}

/**
 * Ends the session locally: clears the whole session storage (spec section 4) but keeps the
 * merchant choice, wherever it was stored, so the site stays in the visitor's country.
 */
export function endSession() {
  if (!hasSessionStorage()) return;
  const kept = [storageKeys.merchant, storageKeys.merchantCode].map(
    (key) => [key, readStored(sessionStorage, key)] as const,
  );
  try {
    sessionStorage.clear();
  } catch {
    // Nothing stored, nothing to clear.
  }
  for (const [key, value] of kept) if (value !== null) writeStored(sessionStorage, key, value);
  publish();
}

/**
 * Signs in with `?token=…` in the address (social sign-in and app links land this way), then takes
 * the token out of the address so it is not bookmarked, shared or left in the history.
 */
export function adoptTokenFromUrl(location: Location = window.location, history: History = window.history) {
  const url = new URL(location.href);
  const token = url.searchParams.get('token');
  if (!token) return false;
  startSession(token);
  url.searchParams.delete('token');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return true;
}

/** Re-reads storage (tests clear it between cases). */
export function reloadSession() {
  publish();
}

/** The session as React state: re-renders when the member signs in or out, in any component. */
export function useSessionSnapshot(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
