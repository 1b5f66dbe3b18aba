import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast, Toaster } from '../../../components/ui/toast';
import { endSession } from '../../../lib/session-store';
import { applyLiveEvent, liveKeys } from '../live-cache';
import { openRealtimeConnection } from '../realtime-connection';
import { type RealtimeEvent, realtimeBus } from '../realtime-events';

type Props = {
  /** The session token; a new token opens a new socket. */
  token: string;
  /** The session's member-info query, whose balance and unread count the header shows. */
  memberInfoKey: QueryKey;
};

/**
 * The socket event listener of spec section 2 (logged-in members only — the caller decides): one
 * WebSocket for the session, its events on the bus, the cache kept fresh, and a toast
 * when a deposit or withdrawal changes. A 4401 close ends the session like a 401.
 */
export function RealtimeBridge({ token, memberInfoKey }: Props) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const latest = useRef({ t, memberInfoKey });
  latest.current = { t, memberInfoKey };
  const approvedAt = useRef(new Map<string, number>());

  useEffect(() => {
    const notify = (event: RealtimeEvent) => {
      const tr = latest.current.t;
      if (event.type === 'deposit') {
        if (event.status === 'paid') showToast(tr('member.live.depositPaid'), 'success');
        else if (event.status === 'failed') showToast(tr('member.live.depositFailed'), 'danger');
        else if (event.status === 'expired') showToast(tr('member.live.depositExpired'), 'danger');
      } else if (event.type === 'withdrawal') {
        if (event.status === 'approved') {
          approvedAt.current.set(event.withdrawalId, Date.now());
          showToast(tr('member.live.withdrawalApproved'), 'success');
        } else if (event.status === 'paid' && !event.confirmation) {
          // Approved and paid in the same second: one toast is enough.
          const approved = approvedAt.current.get(event.withdrawalId) ?? 0;
          if (Date.now() - approved > 10_000) showToast(tr('member.live.withdrawalPaid'), 'success');
        } else if (event.status === 'rejected') showToast(tr('member.live.withdrawalRejected'), 'danger');
      }
    };
    return openRealtimeConnection({
      token,
      onEvent: (event) => {
        applyLiveEvent(client, latest.current.memberInfoKey, event);
        realtimeBus.emit(event);
        notify(event);
      },
      onReady: (reconnected) => {
        // Events sent while the socket was down are lost: read the figures again.
        if (!reconnected) return;
        void client.invalidateQueries({ queryKey: latest.current.memberInfoKey });
        void client.invalidateQueries({ queryKey: liveKeys.wallet });
        void client.invalidateQueries({ queryKey: liveKeys.messages });
      },
      onSessionEnded: () => endSession(),
    });
  }, [token, client]);

  return <Toaster />;
}
