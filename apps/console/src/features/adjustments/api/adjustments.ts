import type { Adjustment, adjustmentStatuses } from '@sorte/shared/contracts/console';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, type Page } from '../../../lib/api';

export type AdjustmentStatus = (typeof adjustmentStatuses)[number];

export type AdjustmentListParams = {
  status: AdjustmentStatus | null;
  /** `requestedAt:desc`, `amount:asc`…; null: the server's order (waiting first). */
  sort: string | null;
  pageNo: number;
  pageSize: number;
};

const adjustmentsKey = ['adjustments'] as const;

/** Without a status: the waiting ones first (oldest first), then the rest, newest first (the server's order). */
export function useAdjustments(params: AdjustmentListParams) {
  return useQuery({
    queryKey: [...adjustmentsKey, 'list', params],
    queryFn: ({ signal }) =>
      callApi<Page<Adjustment>>('/ops/console/adjustments', {
        query: { status: params.status, sort: params.sort, pageNo: params.pageNo, pageSize: params.pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export type AdjustmentRequest = {
  memberId: string;
  direction: 'credit' | 'debit';
  account: 'cash' | 'bonus';
  /** Minor units. */
  amount: number;
  reason: string;
  /** Made once by the console for this request: a retry finds the same adjustment, never a second one. */
  requestId: string;
};

export function useRequestAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, ...body }: AdjustmentRequest) =>
      callApi<Adjustment>(`/ops/console/players/${encodeURIComponent(memberId)}/adjustments`, {
        method: 'POST',
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adjustmentsKey }),
  });
}

export type AdjustmentDecision =
  | { action: 'approve'; adjustment: Adjustment }
  | { action: 'reject'; adjustment: Adjustment; reason: string };

/** The second operator's approval (the money moves) or rejection; the list is read again either way. */
export function useDecideAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: AdjustmentDecision) =>
      callApi<Adjustment>(
        `/ops/console/adjustments/${encodeURIComponent(decision.adjustment.id)}/${decision.action}`,
        decision.action === 'reject'
          ? { method: 'POST', body: { reason: decision.reason } }
          : { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adjustmentsKey }),
  });
}
