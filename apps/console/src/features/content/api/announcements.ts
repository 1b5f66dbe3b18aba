import type {
  ConsoleAnnouncement,
  ContentLanguage,
  SaveAnnouncementBody,
} from '@sorte/shared/contracts/console-content';
import type { AnnouncementType } from '@sorte/shared/contracts/content';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, type Page } from '../../../lib/api';
import type { BannerMerchantCode } from './banners';

const announcementsKey = ['announcements'] as const;

export type AnnouncementListParams = {
  merchantCode: BannerMerchantCode | null;
  types: readonly AnnouncementType[];
  language: ContentLanguage | null;
  /** true: on the site now; false: scheduled or ended; null: both. */
  active: boolean | null;
  pageNo: number;
  pageSize: number;
};

/** Newest first, whatever their window (the server's order). */
export function useAnnouncements(params: AnnouncementListParams) {
  return useQuery({
    queryKey: [...announcementsKey, 'list', params],
    queryFn: ({ signal }) =>
      callApi<Page<ConsoleAnnouncement>>('/ops/console/announcements', {
        query: {
          merchantCode: params.merchantCode,
          types: params.types.join(','),
          language: params.language,
          active: params.active === null ? null : String(params.active),
          pageNo: params.pageNo,
          pageSize: params.pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export type AnnouncementDraft = SaveAnnouncementBody & { merchantCode: BannerMerchantCode };

/** A new announcement (id null) or the change of one; the site shows it at once. */
export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id: string | null; draft: AnnouncementDraft }) =>
      id === null
        ? callApi<ConsoleAnnouncement>('/ops/console/announcements', { method: 'POST', body: draft })
        : callApi<ConsoleAnnouncement>(`/ops/console/announcements/${encodeURIComponent(id)}`, {
            method: 'PUT',
            body: draft,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsKey }),
  });
}

export function useRemoveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (announcement: ConsoleAnnouncement) =>
      callApi<null>(`/ops/console/announcements/${encodeURIComponent(announcement.id)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsKey }),
  });
}
