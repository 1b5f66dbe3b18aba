import type { Popup, PopupExecution } from '@sorte/shared';

/** Session storage: the audiences whose popups were closed in this session ("B", "A,F"…). */
export const CLOSED_POPUPS_KEY = 'closedPopups';

/**
 * Who the popups are for (DECISIONS.md): B guests, A logged-in members, F members at their first
 * login. A first-login member is asked for both; `popupsFor` picks F's welcome over A's.
 */
export function popupAudiences({
  isLoggedIn,
  isFirstLogin,
}: {
  isLoggedIn: boolean;
  isFirstLogin: boolean;
}): PopupExecution[] {
  if (!isLoggedIn) return ['B'];
  return isFirstLogin ? ['F', 'A'] : ['A'];
}

export function readClosedAudiences(storage: Storage): Set<PopupExecution> {
  let raw: string | null = null;
  try {
    raw = storage.getItem(CLOSED_POPUPS_KEY);
  } catch {
    raw = null;
  }
  return new Set(
    (raw ?? '')
      .split(',')
      .map((code) => code.trim())
      .filter((code): code is PopupExecution => code === 'A' || code === 'B' || code === 'F'),
  );
}

export function markAudiencesClosed(storage: Storage, audiences: readonly PopupExecution[]) {
  const closed = readClosedAudiences(storage);
  for (const audience of audiences) closed.add(audience);
  try {
    storage.setItem(CLOSED_POPUPS_KEY, [...closed].join(','));
  } catch {
    // Storage unavailable: the popup may show again on the next visit.
  }
}

/**
 * The audiences still to show this page: not closed in this session, and not already shown (or
 * found closed) while this page has been open, so signing out does not bring a guest popup back.
 */
export function pendingAudiences(
  audiences: readonly PopupExecution[],
  closed: ReadonlySet<PopupExecution>,
  handled: ReadonlySet<PopupExecution>,
): PopupExecution[] {
  return audiences.filter((audience) => !closed.has(audience) && !handled.has(audience));
}

/**
 * The popups for those audiences, in audience order, each once. A member at the first login gets
 * the first-login welcome (F) instead of the members' popup (A), which is written for returning
 * members ("good to see you again"); A stands in only when the merchant has no F popup.
 */
export function popupsFor(popups: readonly Popup[], audiences: readonly PopupExecution[]): Popup[] {
  const hasFirstLogin = audiences.includes('F') && popups.some((popup) => popup.execution === 'F');
  const seen = new Set<number>();
  const out: Popup[] = [];
  for (const audience of audiences) {
    if (audience === 'A' && hasFirstLogin) continue;
    for (const popup of popups) {
      if (popup.execution !== audience || seen.has(popup.id)) continue;
      seen.add(popup.id);
      out.push(popup);
    }
  }
  return out;
}
