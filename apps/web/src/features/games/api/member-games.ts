import type { GamePage, GameType } from '@sorte/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/use-api';
import { useGameAccess } from '../game-access';
import { query } from './catalogue';
import { gameKeys } from './keys';

type FavoritePage = GamePage & { ids: number[] };

/** Spec section 9: the home reads favourites 999 at a time; recent games 20 a page. */
export const HOME_FAVORITES_PAGE_SIZE = 999;
export const RECENT_PAGE_SIZE = 20;
export const FAVORITES_PAGE_SIZE = 24;

/** Every favourite id of the member (for the hearts), loaded once signed in. */
export function useFavoriteIds() {
  const api = useApi();
  const { i18n } = useTranslation();
  const { token, isLoggedIn } = useGameAccess();
  return useQuery({
    queryKey: gameKeys.favoriteIds(token, i18n.language),
    enabled: isLoggedIn,
    queryFn: async ({ signal }) => {
      const page = await api<FavoritePage>(
        `/wps/relay/favorites?${query({ pageNo: 1, pageSize: HOME_FAVORITES_PAGE_SIZE, clientType: 3 })}`,
        { signal },
      );
      return page.ids;
    },
    staleTime: 5 * 60_000,
  });
}

/** The member's favourite games, page by page. */
export function useFavoritePages(gameType?: GameType) {
  const api = useApi();
  const { i18n } = useTranslation();
  const { token, isLoggedIn } = useGameAccess();
  return useInfiniteQuery({
    queryKey: gameKeys.favoritePages(token, i18n.language, gameType ?? 'ALL'),
    enabled: isLoggedIn,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api<FavoritePage>(
        `/wps/relay/favorites?${query({ pageNo: pageParam, pageSize: FAVORITES_PAGE_SIZE, gameType, clientType: 3 })}`,
        { signal },
      ),
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
  });
}

/** Games the member opened lately, newest first, page by page. */
export function useRecentGames() {
  const api = useApi();
  const { i18n } = useTranslation();
  const { token, isLoggedIn } = useGameAccess();
  return useInfiniteQuery({
    queryKey: gameKeys.recent(token, i18n.language),
    enabled: isLoggedIn,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api<GamePage>(
        `/wps/relay/recentGames?${query({ page: pageParam, pageSize: RECENT_PAGE_SIZE, clientType: 3 })}`,
        {
          signal,
        },
      ),
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
  });
}
