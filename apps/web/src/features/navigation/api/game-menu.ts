import type { VendorSortingEntry } from '@sorte/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { peekBootValue } from '../../../lib/boot-prefetch';
import { currentMerchant } from '../../../lib/merchant';
import { useApi } from '../../../lib/use-api';
import { buildMenu, type MenuEntry } from '../build-menu';

/**
 * GET /wps/relay/vendorSorting turned into the game-type menu (spec section 2). Until it answers, or
 * when it fails, the menu still has home and promotions.
 */
export function useGameMenu(): { entries: MenuEntry[]; isPending: boolean } {
  const api = useApi();
  const { i18n } = useTranslation();
  const query = useQuery({
    queryKey: ['vendor-sorting', currentMerchant().merchantCode, i18n.language],
    queryFn: ({ signal }) => api<VendorSortingEntry[]>('/wps/relay/vendorSorting', { signal }),
    initialData: () => peekBootValue<VendorSortingEntry[]>('/wps/relay/vendorSorting', i18n.language),
    staleTime: 5 * 60_000,
  });
  const entries = useMemo(() => buildMenu(query.data ?? []), [query.data]);
  return { entries, isPending: query.isPending };
}
