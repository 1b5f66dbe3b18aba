import type { PopupExecution } from '@sorte/shared';
import { lazy, type RefObject, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePopups } from '../api/announcements';
import {
  markAudiencesClosed,
  pendingAudiences,
  popupAudiences,
  popupsFor,
  readClosedAudiences,
} from '../popup-rules';

// The dialog (and the HTML sanitiser it carries) loads only when there is a popup to show.
const AnnouncementDialog = lazy(async () => ({
  default: (await import('./announcement-dialog')).AnnouncementDialog,
}));

/**
 * Whether a dialog other than the popup's own is open (the login popup, a game, a confirmation): a
 * popup the site shows by itself waits for it to close instead of stacking over what the person
 * opened. Watched only while there is a popup to show.
 */
function useDialogOpenElsewhere(own: RefObject<HTMLElement | null>, watching: boolean): boolean {
  // Read from the page at each render (so the popup never mounts over a dialog for a frame); the
  // observer only asks for a new render when dialogs come and go.
  const [, setChanges] = useState(0);
  useEffect(() => {
    if (!watching) return;
    const observer = new MutationObserver(() => setChanges((n) => n + 1));
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [watching]);
  if (!watching || typeof document === 'undefined') return false;
  return [...document.querySelectorAll('[aria-modal="true"]')].some(
    (dialog) => !own.current?.contains(dialog),
  );
}

/**
 * Popup announcements (spec section 4): shown once per session unless closed, to their audience —
 * B guests, A logged-in members, F members at their first login (who get F's welcome, not A's).
 * Closing records the audiences in session storage; within one page view an audience is offered
 * once (signing out does not bring the guest popup back). A popup for an audience the visitor has
 * left (the guest's, after signing in) goes away, and none is shown over a dialog the person opened.
 */
export function PopupAnnouncements({
  isLoggedIn,
  isFirstLogin,
  onDecided,
}: {
  isLoggedIn: boolean;
  isFirstLogin: boolean;
  /**
   * Told each time the popups for the current audiences are settled: the audiences now shown, or
   * none (all closed, already offered, or the answer had no popup). "Nothing shown" is then a
   * decision one can wait for, not the absence of something after a pause.
   */
  onDecided?: (shown: readonly PopupExecution[]) => void;
}) {
  const { t } = useTranslation();
  const handled = useRef(new Set<PopupExecution>());
  const audiences = popupAudiences({ isLoggedIn, isFirstLogin });
  const closed = readClosedAudiences(sessionStorage);
  for (const audience of audiences) if (closed.has(audience)) handled.current.add(audience);
  const [shown, setShowing] = useState<PopupExecution[]>([]);
  // Only audiences the visitor still belongs to: the guest popup is gone once signed in.
  const showing = shown.filter((audience) => audiences.includes(audience));
  const pending = pendingAudiences(audiences, closed, handled.current);
  const asked = showing.length > 0 ? showing : pending;
  const popups = usePopups(asked);

  const decided = useRef(onDecided);
  decided.current = onDecided;
  useEffect(() => {
    if (shown.length > 0 && showing.length === 0) setShowing([]);
  }, [shown.length, showing.length]);

  useEffect(() => {
    if (showing.length > 0) return;
    if (pending.length === 0) {
      decided.current?.([]);
      return;
    }
    if (!popups.data) return;
    for (const audience of pending) handled.current.add(audience);
    const toShow = popupsFor(popups.data, pending).length > 0 ? pending : [];
    if (toShow.length > 0) setShowing(toShow);
    decided.current?.(toShow);
  }, [popups.data, pending, showing.length]);

  const showingKey = showing.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: showingKey stands for showing's contents.
  const items = useMemo(() => popupsFor(popups.data ?? [], showing), [popups.data, showingKey]);
  const own = useRef<HTMLDivElement>(null);
  const waiting = useDialogOpenElsewhere(own, items.length > 0);
  if (showing.length === 0 || items.length === 0 || waiting) return null;
  return (
    <div ref={own} style={{ display: 'contents' }}>
      <Suspense fallback={null}>
        <AnnouncementDialog
          title={t('announcements.popupTitle')}
          items={items}
          closeLabel={t('ok')}
          open
          onClose={() => {
            markAudiencesClosed(sessionStorage, showing);
            setShowing([]);
          }}
        />
      </Suspense>
    </div>
  );
}
