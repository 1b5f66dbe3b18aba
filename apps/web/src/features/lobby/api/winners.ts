import type { Winner } from '@sorte/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { peekBootValue } from '../../../lib/boot-prefetch';
import { useApi } from '../../../lib/use-api';

/** Spec section 9: the board asks for 20 and shows the first 9 biggest. */
export const WINNER_LIMIT = 20;
export const WINNERS_SHOWN = 9;

export function biggestWins(winners: readonly Winner[], count = WINNERS_SHOWN): Winner[] {
  return [...winners].sort((a, b) => b.winAmount - a.winAmount).slice(0, count);
}

export function useWinnerBoard() {
  const api = useApi();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['lobby', 'winners', i18n.language],
    queryFn: ({ signal }) =>
      api<Winner[]>(`/wps/relay/winnerBoard?gameCategory=ALL&limitNum=${WINNER_LIMIT}`, { signal }),
    initialData: () =>
      peekBootValue<Winner[]>(
        `/wps/relay/winnerBoard?gameCategory=ALL&limitNum=${WINNER_LIMIT}`,
        i18n.language,
      ),
    staleTime: 60_000,
  });
}
