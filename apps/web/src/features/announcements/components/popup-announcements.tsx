import type { PopupExecution } from '@sorte/shared';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
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
 * Popup announcements (spec section 4): shown once per session unless closed, to their audience —
 * B guests, A logged-in members, F members at their first login. Closing records the audiences in
 * session storage; within one page view an audience is offered once (signing out does not bring
 * the guest popup back).
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
  const [showing, setShowing] = useState<PopupExecution[]>([]);
  const pending = pendingAudiences(audiences, closed, handled.current);
  const asked = showing.length > 0 ? showing : pending;
  const popups = usePopups(asked);

  const decided = useRef(onDecided);
  decided.current = onDecided;
  useEffect(() => {
    if (showing.length > 0) return;
    if (pending.length === 0) {
      decided.current?.([]);
      return;
    }
    if (!popups.data) return;
    for (const audience of pending) handled.current.add(audience);
    const shown = popupsFor(popups.data, pending).length > 0 ? pending : [];
    if (shown.length > 0) setShowing(shown);
    decided.current?.(shown);
  }, [popups.data, pending, showing.length]);

  const items = useMemo(() => popupsFor(popups.data ?? [], showing), [popups.data, showing]);
  if (showing.length === 0 || items.length === 0) return null;
  return (
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
  );
}
