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
}: {
  isLoggedIn: boolean;
  isFirstLogin: boolean;
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

  useEffect(() => {
    if (showing.length > 0 || pending.length === 0 || !popups.data) return;
    for (const audience of pending) handled.current.add(audience);
    if (popupsFor(popups.data, pending).length > 0) setShowing(pending);
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
