import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/use-api';
import { gameKeys } from '../api/keys';
import { useFavoriteIds } from '../api/member-games';
import { createFavoriteToggle, createThrottle, type FavoriteGame } from '../favorite-toggle';
import { useGameAccess } from '../game-access';
import { setPlayState } from '../play-store';

/** One throttle for the whole page: the same game's heart shows in several lanes. */
const throttle = createThrottle();

/** The hearts: which games are favourites, and pressing one (spec section 4). */
export function useFavorites() {
  const api = useApi();
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const access = useGameAccess();
  const ids = useFavoriteIds();
  const key = gameKeys.favoriteIds(access.token, i18n.language);
  const latest = useRef({ access, key });
  latest.current = { access, key };

  const toggle = useMemo(
    () =>
      createFavoriteToggle({
        throttle,
        isLoggedIn: () => latest.current.access.isLoggedIn,
        openLogin: () => latest.current.access.openLogin(),
        currentIds: () => queryClient.getQueryData<number[]>(latest.current.key) ?? [],
        setIds: (next) => queryClient.setQueryData(latest.current.key, next),
        add: (game) => api<{ ids: number[] }>('/wps/relay/favorites', { method: 'POST', body: game }),
        remove: (nodeId) =>
          api<{ ids: number[] }>(`/wps/relay/favorites?nodeId=${nodeId}`, { method: 'DELETE' }),
        onError: (error) =>
          setPlayState({
            kind: 'message',
            game: null,
            code: error instanceof ApiError ? error.code : 'NETWORK_ERROR',
            message: error instanceof Error ? error.message : t('games.failed'),
          }),
      }),
    [api, queryClient, t],
  );

  const press = useCallback(
    async (game: FavoriteGame) => {
      const result = await toggle(game);
      if (result === 'added' || result === 'removed') {
        // The favourites page shows the new list next time it is opened.
        void queryClient.invalidateQueries({
          queryKey: gameKeys.favorites(latest.current.access.token),
          predicate: (query) => query.queryKey[3] === 'pages',
        });
      }
      return result;
    },
    [toggle, queryClient],
  );

  const set = useMemo(() => new Set(ids.data ?? []), [ids.data]);
  const isFavorite = useCallback((nodeId: number) => set.has(nodeId), [set]);
  return { isFavorite, toggle: press };
}
