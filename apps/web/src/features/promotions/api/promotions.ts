import type { AnnouncementsValue, Banner, BannerGroup, Promotion } from '@sorte/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { peekBootValue } from '../../../lib/boot-prefetch';
import { useApi } from '../../../lib/use-api';

/** The promotions (announcement type PR), newest first, each with its pictures in sequence order. */
export function usePromotions() {
  const api = useApi();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['promotions', i18n.language],
    queryFn: async ({ signal }) => toPromotions(await api<AnnouncementsValue>(promotionsPath, { signal })),
    // Already fetched by index.html's boot script for the first page: shown at the first render.
    initialData: () => {
      const early = peekBootValue<AnnouncementsValue>(promotionsPath, i18n.language);
      return early ? toPromotions(early) : undefined;
    },
    staleTime: 5 * 60_000,
  });
}

const promotionsPath = '/wps/relay/announcements?types=PR&platform=W';

const toPromotions = (value: AnnouncementsValue) =>
  value.promotion.map(
    (promotion): Promotion => ({
      ...promotion,
      announcementImages: [...promotion.announcementImages].sort((a, b) => a.sequence - b.sequence),
    }),
  );

export function useBanners(groupName: BannerGroup) {
  const api = useApi();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['banners', groupName, i18n.language],
    queryFn: ({ signal }) => api<Banner[]>(`/wps/relay/banners?groupName=${groupName}`, { signal }),
    initialData: () => peekBootValue<Banner[]>(`/wps/relay/banners?groupName=${groupName}`, i18n.language),
    staleTime: 5 * 60_000,
  });
}
