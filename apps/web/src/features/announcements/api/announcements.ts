import type { AnnouncementsValue, PopupExecution } from '@sorte/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { peekBootValue } from '../../../lib/boot-prefetch';
import { useApi } from '../../../lib/use-api';

/** The marquee notices (B) and the player notices (PL) of the announcement popup. */
export function useNotices() {
  const api = useApi();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['announcements', 'notices', i18n.language],
    queryFn: ({ signal }) =>
      api<AnnouncementsValue>('/wps/relay/announcements?types=B,PL&platform=W', { signal }),
    initialData: () =>
      peekBootValue<AnnouncementsValue>('/wps/relay/announcements?types=B,PL&platform=W', i18n.language),
    staleTime: 5 * 60_000,
  });
}

/** Popup announcements (PU) for some audiences. */
export function usePopups(audiences: readonly PopupExecution[]) {
  const api = useApi();
  const { i18n } = useTranslation();
  const execution = audiences.join(',');
  return useQuery({
    queryKey: ['announcements', 'popups', i18n.language, execution],
    enabled: audiences.length > 0,
    queryFn: async ({ signal }) =>
      (
        await api<AnnouncementsValue>(`/wps/relay/announcements?types=PU&platform=W&execution=${execution}`, {
          signal,
        })
      ).popup,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
