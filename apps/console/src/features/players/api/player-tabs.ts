import type {
  PasswordResetChannel,
  PlayerDeposit,
  PlayerDetail,
  PlayerLedgerAccount,
  PlayerNote,
  PlayerRoundPage,
  PlayerStatement,
  PlayerWithdrawal,
} from '@sorte/shared/contracts/console';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, type Page } from '../../../lib/api';

/** Everything under one player (the profile and its tabs) shares this key's start. */
const playerKey = (memberId: string) => ['players', 'one', memberId] as const;
const pathOf = (memberId: string, tab: string) =>
  `/ops/console/players/${encodeURIComponent(memberId)}/${tab}`;

export type PagedParams = { pageNo: number; pageSize: number };

/** One account's entries, newest first; `beforeId` is where the page starts (none: the newest). */
export function usePlayerStatement(
  memberId: string,
  params: { account: PlayerLedgerAccount; beforeId: string | null; limit: number },
) {
  return useQuery({
    queryKey: [...playerKey(memberId), 'statement', params],
    queryFn: ({ signal }) =>
      callApi<PlayerStatement>(pathOf(memberId, 'statement'), {
        query: { account: params.account, beforeId: params.beforeId, limit: params.limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function usePlayerPage<P extends Page<unknown>>(memberId: string, tab: string, params: PagedParams) {
  return useQuery({
    queryKey: [...playerKey(memberId), tab, params],
    queryFn: ({ signal }) =>
      callApi<P>(pathOf(memberId, tab), {
        query: { pageNo: params.pageNo, pageSize: params.pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The player's rounds, with totals over all of them. */
export const usePlayerRounds = (memberId: string, params: PagedParams) =>
  usePlayerPage<PlayerRoundPage>(memberId, 'rounds', params);
export const usePlayerDeposits = (memberId: string, params: PagedParams) =>
  usePlayerPage<Page<PlayerDeposit>>(memberId, 'deposits', params);
export const usePlayerWithdrawals = (memberId: string, params: PagedParams) =>
  usePlayerPage<Page<PlayerWithdrawal>>(memberId, 'withdrawals', params);
/** Newest first. */
export const usePlayerNotes = (memberId: string, params: PagedParams) =>
  usePlayerPage<Page<PlayerNote>>(memberId, 'notes', params);

/** Adds a note (never changed afterwards); the notes are read again. */
export function useAddPlayerNote(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      callApi<PlayerNote>(pathOf(memberId, 'notes'), { method: 'POST', body: { body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...playerKey(memberId), 'notes'] }),
  });
}

/** Sends the member their own reset (link or code); answers where it went, masked. */
export function useSendPasswordReset(memberId: string) {
  return useMutation({
    mutationFn: (channel: PasswordResetChannel) =>
      callApi<{ channel: PasswordResetChannel; sentTo: string }>(pathOf(memberId, 'password-reset'), {
        method: 'POST',
        body: { channel },
      }),
  });
}

/** Moves the player under another agent; the profile shows the new upline at once. */
export function useChangeUpline(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { uplineUsername: string; reason: string }) =>
      callApi<PlayerDetail>(pathOf(memberId, 'upline'), { method: 'POST', body }),
    onSuccess: (player) => queryClient.setQueryData(playerKey(memberId), player),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['players', 'list'] }),
  });
}
