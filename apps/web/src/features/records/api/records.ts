import type { BettingRecordPage, MovementPage, MovementType, PersonalProfit } from '@sorte/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/use-api';

export const recordKeys = {
  all: ['records'] as const,
  transactions: (q: object) => ['records', 'transactions', q] as const,
  bonus: (q: object) => ['records', 'bonus', q] as const,
  profit: (q: object) => ['records', 'profit', q] as const,
  betting: (q: object) => ['records', 'betting', q] as const,
};

export const recordsPageSize = 20;

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

type Range = { startDate: string; endDate: string };

/** GET /wps/relay/memberTransactionDetail: the account record (transactionHistory). */
export function useTransactionHistory(params: Range & { type?: MovementType | undefined; page: number }) {
  const api = useApi();
  return useQuery({
    queryKey: recordKeys.transactions(params),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api<MovementPage>(
        `/wps/relay/memberTransactionDetail?${query({
          type: params.type,
          startDate: params.startDate,
          endDate: params.endDate,
          pageNo: params.page,
          pageSize: recordsPageSize,
        })}`,
        { signal },
      ),
  });
}

/** GET /wps/relay/bonusDetail: the bonus wallet's movements. */
export function useBonusDetail(params: Range & { page: number }) {
  const api = useApi();
  return useQuery({
    queryKey: recordKeys.bonus(params),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api<MovementPage>(
        `/wps/relay/bonusDetail?${query({
          startDate: params.startDate,
          endDate: params.endDate,
          pageNo: params.page,
          pageSize: recordsPageSize,
        })}`,
        { signal },
      ),
  });
}

/** GET /wps/relay/personalProfit: results by day and game type. */
export function usePersonalProfit(params: Range & { gameType?: string | undefined }) {
  const api = useApi();
  return useQuery({
    queryKey: recordKeys.profit(params),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api<PersonalProfit>(`/wps/relay/personalProfit?${query(params)}`, { signal }),
  });
}

/** GET /wps/relay/bettingRecord: the member's rounds (personalHistoryCopy). */
export function useBettingRecord(params: Range & { gameType?: string | undefined; page: number }) {
  const api = useApi();
  return useQuery({
    queryKey: recordKeys.betting(params),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api<BettingRecordPage>(
        `/wps/relay/bettingRecord?${query({
          startDate: params.startDate,
          endDate: params.endDate,
          gameType: params.gameType,
          pageNo: params.page,
          pageSize: recordsPageSize,
        })}`,
        { signal },
      ),
  });
}
