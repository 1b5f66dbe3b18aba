import type { ResourceType, SiteResource } from '@sorte/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { peekBootValue } from '../../../lib/boot-prefetch';
import { currentMerchant } from '../../../lib/merchant';
import { useApi } from '../../../lib/use-api';

/**
 * GET /wps/system/resources: the merchant's configured links (customer service, feedback, affiliate,
 * social pages, app downloads, licence), labels in the visitor's language. Only configured types are
 * listed, so an absent type means "do not show it".
 */
export function useSiteResources() {
  const api = useApi();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['site-resources', currentMerchant().merchantCode, i18n.language],
    queryFn: ({ signal }) => api<SiteResource[]>('/wps/system/resources', { signal }),
    initialData: () => peekBootValue<SiteResource[]>('/wps/system/resources', i18n.language),
    staleTime: 10 * 60_000,
  });
}

export function resourceOf(resources: readonly SiteResource[] | undefined, type: ResourceType) {
  return resources?.find((r) => r.type === type) ?? null;
}
