import type { AnnouncementsValue, Banner, BannerGroup, Promotion } from '@sorte/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/use-api';

/** The promotions (announcement type PR), newest first, each with its pictures in sequence order. */
export function usePromotions() {
  const api = useApi();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['promotions', i18n.language],
    queryFn: async ({ signal }) => {
      const value = await api<AnnouncementsValue>('/wps/relay/announcements?types=PR&platform=W', { signal });
      return value.promotion.map(
        (promotion): Promotion => ({
          ...promotion,
          announcementImages: [...promotion.announcementImages].sort((a, b) => a.sequence - b.sequence),
        }),
      );
    },
    staleTime: 5 * 60_000,
  });
}

export function useBanners(groupName: BannerGroup) {
  const api = useApi();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['banners', groupName, i18n.language],
    queryFn: ({ signal }) => api<Banner[]>(`/wps/relay/banners?groupName=${groupName}`, { signal }),
    staleTime: 5 * 60_000,
  });
}
