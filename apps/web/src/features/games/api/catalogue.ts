import type { GameCard, GamePage, GameType, GameVendorLane, VendorSortingEntry } from '@sorte/shared';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { peekBootValue } from '../../../lib/boot-prefetch';
import { useApi } from '../../../lib/use-api';
import { gameKeys } from './keys';

export const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search.toString();
};

/** The menu: each category with its vendors, in the merchant's order. */
export function useVendorSorting() {
  const api = useApi();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: gameKeys.vendorSorting(i18n.language),
    queryFn: ({ signal }) => api<VendorSortingEntry[]>('/wps/relay/vendorSorting', { signal }),
    initialData: () => peekBootValue<VendorSortingEntry[]>('/wps/relay/vendorSorting', i18n.language),
    staleTime: 5 * 60_000,
  });
}

export function useHotGames() {
  const api = useApi();
  const { i18n } = useTranslation();
  const path = `/wps/relay/hotGames?${query({ isPlatform: 2, platform: 'flash,html5-desktop' })}`;
  return useQuery({
    queryKey: gameKeys.hot(i18n.language),
    queryFn: ({ signal }) => api<GameCard[]>(path, { signal }),
    initialData: () => peekBootValue<GameCard[]>(path, i18n.language),
    staleTime: 60_000,
  });
}

/** The home lanes: one per menu category, cards keyed by vendor. */
export function useGameLanes() {
  const api = useApi();
  const { i18n } = useTranslation();
  const path = `/wps/relay/gameVendor?${query({ platform: 'html5-desktop' })}`;
  return useQuery({
    queryKey: gameKeys.lanes(i18n.language),
    queryFn: ({ signal }) => api<GameVendorLane[]>(path, { signal }),
    initialData: () => peekBootValue<GameVendorLane[]>(path, i18n.language),
    staleTime: 60_000,
  });
}

export type GameListFilter = {
  gameType?: GameType;
  vassalage?: string;
  keyword?: string;
  pageSize: number;
};

/** A game list, page by page ("load more" appends the next page). */
export function useGameList(filter: GameListFilter, enabled = true) {
  const api = useApi();
  const { i18n } = useTranslation();
  const pagePath = (pageNo: number) =>
    `/wps/relay/gameList?${query({
      pageNo,
      pageSize: filter.pageSize,
      gameType: filter.gameType,
      vassalage: filter.vassalage,
      keyword: filter.keyword?.trim(),
      clientType: 3,
      platform: 'html5-desktop',
    })}`;
  return useInfiniteQuery({
    queryKey: gameKeys.list(i18n.language, filter),
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api<GamePage>(pagePath(pageParam), { signal }),
    // The first page of a game-type list the boot script already read (index.html).
    initialData: () => {
      const first = enabled ? peekBootValue<GamePage>(pagePath(1), i18n.language) : undefined;
      return first ? { pages: [first], pageParams: [1] } : undefined;
    },
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    // A new search or vendor tab keeps the current games on screen (dimmed) until its answer comes.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
