import type { SiteStatus } from '@sorte/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { peekBootValue } from '../../../lib/boot-prefetch';
import { currentMerchant } from '../../../lib/merchant';
import { useApi } from '../../../lib/use-api';

/**
 * GET /wps/system/status (spec section 2): read once at start, in the visitor's language (the
 * maintenance texts are localised). While the site is closed it is asked again every 30 s, so the
 * page opens by itself when maintenance ends; while open, every 5 minutes.
 */
export function useSiteStatus() {
  const api = useApi();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['site-status', currentMerchant().merchantCode, i18n.language],
    queryFn: ({ signal }) => api<SiteStatus>('/wps/system/status', { signal }),
    initialData: () => peekBootValue<SiteStatus>('/wps/system/status', i18n.language),
    staleTime: 60_000,
    // A language switch keeps the page on screen while the new texts load.
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 0 ? 30_000 : 300_000),
  });
}
