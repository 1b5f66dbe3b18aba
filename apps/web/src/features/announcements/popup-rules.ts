import type { Popup, PopupExecution } from '@sorte/shared';

/** Session storage: the audiences whose popups were closed in this session ("B", "A,F"…). */
export const CLOSED_POPUPS_KEY = 'closedPopups';

/**
 * Who the popups are for (DECISIONS.md): B guests, A logged-in members, F members at their first
 * login. A first-login member is a member too: F comes first, then A.
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

/** The popups for those audiences, in audience order (F before A), each once. */
export function popupsFor(popups: readonly Popup[], audiences: readonly PopupExecution[]): Popup[] {
  const seen = new Set<number>();
  const out: Popup[] = [];
  for (const audience of audiences) {
    for (const popup of popups) {
      if (popup.execution !== audience || seen.has(popup.id)) continue;
      seen.add(popup.id);
      out.push(popup);
    }
  }
  return out;
}
