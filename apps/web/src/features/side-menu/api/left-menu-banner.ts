import type { Banner } from '@sorte/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentMerchant } from '../../../lib/merchant';
import { useApi } from '../../../lib/use-api';

/** GET /wps/relay/banners?groupName=w_leftmenu: the side menu's banner (the first one is shown). */
export function useLeftMenuBanner() {
  const api = useApi();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['banners', 'w_leftmenu', currentMerchant().merchantCode, i18n.language],
    queryFn: ({ signal }) => api<Banner[]>('/wps/relay/banners?groupName=w_leftmenu', { signal }),
    staleTime: 5 * 60_000,
    select: (banners) => banners[0] ?? null,
  });
}
