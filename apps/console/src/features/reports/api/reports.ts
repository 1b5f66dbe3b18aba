import type { operatorMerchantCodes } from '@sorte/shared/contracts/console';
import type {
  ChannelReport,
  CohortPeriod,
  CohortReport,
  DailyReport,
  Dashboard,
  GameReport,
  RevenueGrouping,
} from '@sorte/shared/contracts/console-reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api';

export type ReportMerchantCode = (typeof operatorMerchantCodes)[number];

const reportsKey = ['reports'] as const;

/**
 * Today, yesterday and 30 days of every merchant the operator sees. The server recomputes the
 * figures every half minute; the dashboard reads them again as often while it is open.
 */
export function useDashboard() {
  return useQuery({
    queryKey: [...reportsKey, 'dashboard'],
    queryFn: ({ signal }) => callApi<Dashboard>('/ops/console/dashboard', { signal }),
    refetchInterval: 30_000,
  });
}

export type DailyReportParams = { from: string; to: string; merchantCode: ReportMerchantCode | null };

/** One row per merchant and day, from and to included (at most 366 days). */
export function useDailyReport(params: DailyReportParams | null) {
  return useQuery({
    queryKey: [...reportsKey, 'daily', params],
    queryFn: ({ signal }) =>
      callApi<DailyReport>('/ops/console/reports/daily', {
        query: params ?? undefined,
        signal,
      }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** GGR per game or per vendor over the days, with each merchant's totals (bonuses and NGR). */
export function useGameReport(params: (DailyReportParams & { groupBy: RevenueGrouping }) | null) {
  const { i18n } = useTranslation();
  return useQuery({
    // The games' names come in the console's language.
    queryKey: [...reportsKey, 'games', params, i18n.language],
    queryFn: ({ signal }) =>
      callApi<GameReport>('/ops/console/reports/games', { query: params ?? undefined, signal }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** Paid deposits and approved withdrawals per merchant, currency and channel over the days. */
export function useChannelReport(params: DailyReportParams | null) {
  return useQuery({
    queryKey: [...reportsKey, 'channels', params],
    queryFn: ({ signal }) =>
      callApi<ChannelReport>('/ops/console/reports/channels', { query: params ?? undefined, signal }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** The players who registered on the days, by week or day, and what became of them. */
export function useCohortReport(params: (DailyReportParams & { period: CohortPeriod }) | null) {
  return useQuery({
    queryKey: [...reportsKey, 'cohorts', params],
    queryFn: ({ signal }) =>
      callApi<CohortReport>('/ops/console/reports/cohorts', { query: params ?? undefined, signal }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
