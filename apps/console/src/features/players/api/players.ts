import type { PlayerDetail, PlayerSummary } from '@sorte/shared/contracts/console';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, type Page } from '../../../lib/api';

export type PlayerStatusFilter = 'active' | 'blocked';

export type PlayerListParams = {
  q: string;
  status: PlayerStatusFilter | null;
  /** `key:direction` (registration, last sign-in, username); null: newest first. */
  sort: string | null;
  pageNo: number;
  pageSize: number;
};

const playersKey = ['players'] as const;
const playerPath = (memberId: string) => `/ops/console/players/${encodeURIComponent(memberId)}`;

/** The search: `q` matches an id, a username start, mobile digits, an e-mail, an address or a payee account. */
export function usePlayers(params: PlayerListParams) {
  return useQuery({
    queryKey: [...playersKey, 'list', params],
    queryFn: ({ signal }) =>
      callApi<Page<PlayerSummary>>('/ops/console/players', {
        query: {
          q: params.q,
          status: params.status,
          sort: params.sort,
          pageNo: params.pageNo,
          pageSize: params.pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function usePlayer(memberId: string) {
  return useQuery({
    queryKey: [...playersKey, 'one', memberId],
    queryFn: ({ signal }) => callApi<PlayerDetail>(playerPath(memberId), { signal }),
  });
}

export type PlayerAction =
  | { action: 'block'; memberId: string; reason: string }
  | { action: 'unblock'; memberId: string }
  | { action: 'end-sessions'; memberId: string };

/**
 * Block (with a reason), unblock, end the sessions. Each answers the player as they are now: the
 * profile shows it at once; lists are read again.
 */
export function usePlayerAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PlayerAction) => {
      const path = `${playerPath(change.memberId)}/${change.action === 'end-sessions' ? 'sessions/end' : change.action}`;
      return callApi<PlayerDetail>(
        path,
        change.action === 'block' ? { method: 'POST', body: { reason: change.reason } } : { method: 'POST' },
      );
    },
    onSuccess: (player) => queryClient.setQueryData([...playersKey, 'one', player.id], player),
    onSettled: () => queryClient.invalidateQueries({ queryKey: playersKey }),
  });
}

/** After an adjustment the balances changed: the profile is read again. */
export function useRefreshPlayer() {
  const queryClient = useQueryClient();
  return (memberId: string) => queryClient.invalidateQueries({ queryKey: [...playersKey, 'one', memberId] });
}
