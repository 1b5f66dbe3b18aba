import type { ConsoleGame } from '@sorte/shared/contracts/console-games';
import type { GameType } from '@sorte/shared/contracts/games';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, type Page } from '../../../lib/api';

export type MerchantCode = ConsoleGame['merchantCode'];

export type GameListParams = {
  merchantCode: MerchantCode;
  vassalage: string | null;
  gameType: GameType | null;
  enabled: boolean | null;
  hot: boolean | null;
  q: string;
  pageNo: number;
  pageSize: number;
};

const gamesKey = ['games'] as const;
const flag = (value: boolean | null) => (value === null ? null : String(value));

/** One merchant's view of the catalogue, in its lobby order. */
export function useConsoleGames(params: GameListParams) {
  return useQuery({
    queryKey: [...gamesKey, 'list', params],
    queryFn: ({ signal }) =>
      callApi<Page<ConsoleGame>>('/ops/console/games', {
        query: {
          merchantCode: params.merchantCode,
          vassalage: params.vassalage,
          gameType: params.gameType,
          enabled: flag(params.enabled),
          hot: flag(params.hot),
          q: params.q,
          pageNo: params.pageNo,
          pageSize: params.pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export type GameChange =
  | { kind: 'set'; game: ConsoleGame; enabled?: boolean; hot?: boolean; sort?: number }
  | { kind: 'move'; game: ConsoleGame; direction: 'up' | 'down' };

/** A merchant's switch, place or move of one game; the list is read again (the order may change). */
export function useChangeGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: GameChange) => {
      const path = `/ops/console/games/${change.game.nodeId}`;
      const merchantCode = change.game.merchantCode;
      if (change.kind === 'move')
        return callApi<ConsoleGame>(`${path}/move`, {
          method: 'POST',
          body: { merchantCode, direction: change.direction },
        });
      const { enabled, hot, sort } = change;
      return callApi<ConsoleGame>(path, { method: 'PATCH', body: { merchantCode, enabled, hot, sort } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: gamesKey }),
  });
}
