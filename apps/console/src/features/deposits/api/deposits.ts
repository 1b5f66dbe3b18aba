import type {
  DepositStatus,
  OperatorDeposit,
  OperatorDepositDetail,
  PaymentChannelCode,
} from '@sorte/shared/contracts/payments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, type Page } from '../../../lib/api';

export type DepositListParams = {
  status: DepositStatus | null;
  merchantCode: string | null;
  channel: PaymentChannelCode | null;
  /** The player's exact username (any case). */
  username: string | null;
  /** Creation time, ISO 8601: from inclusive, to exclusive. */
  from: string | null;
  to: string | null;
  /** Only the orders whose manual credit waits for a second operator. */
  awaitingApproval: boolean;
  /** `createdAt:asc`, `amount:desc`…; null: newest first. */
  sort: string | null;
  pageNo: number;
  pageSize: number;
};

const depositsKey = ['deposits'] as const;

/** Deposit orders, newest first. */
export function useDeposits(params: DepositListParams) {
  return useQuery({
    queryKey: [...depositsKey, 'list', params],
    queryFn: ({ signal }) =>
      callApi<Page<OperatorDeposit>>('/ops/payments/deposits', {
        query: {
          status: params.status,
          merchantCode: params.merchantCode,
          channel: params.channel,
          username: params.username,
          from: params.from,
          to: params.to,
          manualCredit: params.awaitingApproval ? 'pending' : null,
          sort: params.sort,
          pageNo: params.pageNo,
          pageSize: params.pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One order with its provider events and manual credits. */
export function useDeposit(orderId: string | null) {
  return useQuery({
    queryKey: [...depositsKey, 'one', orderId],
    queryFn: ({ signal }) =>
      callApi<OperatorDepositDetail>(`/ops/payments/deposits/${encodeURIComponent(orderId ?? '')}`, {
        signal,
      }),
    enabled: orderId !== null,
  });
}

const creditsUrl = (orderId: string) =>
  `/ops/payments/deposits/${encodeURIComponent(orderId)}/manual-credits`;

/** Asks for a manual credit; `requestId` is made once per request, so a retry never asks twice. */
export function useRequestManualCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, ...body }: { orderId: string; reason: string; requestId: string }) =>
      callApi<OperatorDepositDetail>(creditsUrl(orderId), { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: depositsKey }),
  });
}

export type ManualCreditDecision =
  | { action: 'approve'; orderId: string; creditId: string }
  | { action: 'reject'; orderId: string; creditId: string; reason: string };

/** The second operator's approval (the order is credited) or a rejection; the lists are read again. */
export function useDecideManualCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ManualCreditDecision) =>
      callApi<OperatorDepositDetail>(
        `${creditsUrl(decision.orderId)}/${encodeURIComponent(decision.creditId)}/${decision.action}`,
        decision.action === 'reject'
          ? { method: 'POST', body: { reason: decision.reason } }
          : { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: depositsKey }),
  });
}
