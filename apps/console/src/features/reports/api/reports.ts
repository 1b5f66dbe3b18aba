import type { operatorMerchantCodes } from '@sorte/shared/contracts/console';
import type { DailyReport, Dashboard } from '@sorte/shared/contracts/console-reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
