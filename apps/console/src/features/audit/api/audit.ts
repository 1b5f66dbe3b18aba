import type { AuditEntry } from '@sorte/shared/contracts/console';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, type Page } from '../../../lib/api';

export type AuditListParams = {
  pageNo: number;
  pageSize: number;
  actor: string;
  action: string;
  /** `at:asc` for oldest first; null: newest first. */
  sort: string | null;
};

export function useAuditEntries(params: AuditListParams) {
  return useQuery({
    queryKey: ['audit', 'list', params],
    queryFn: ({ signal }) => callApi<Page<AuditEntry>>('/ops/console/audit', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}
