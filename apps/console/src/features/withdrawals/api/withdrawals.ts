import type { operatorWithdrawalSchema, WithdrawalStatus } from '@sorte/shared/contracts/payments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi, type Page } from '../../../lib/api';

type SharedOperatorWithdrawal = z.infer<typeof operatorWithdrawalSchema>;
/**
 * A withdrawal as the operator API gives it. The member's username and merchant are new fields of
 * the server's answer: optional here until every server in use sends them.
 */
export type OperatorWithdrawal = Omit<SharedOperatorWithdrawal, 'username' | 'merchantCode'> & {
  username?: string;
  merchantCode?: string;
};

export type WithdrawalListParams = { status: WithdrawalStatus | null; pageNo: number; pageSize: number };

const withdrawalsKey = ['withdrawals'] as const;

export function useWithdrawals(params: WithdrawalListParams) {
  return useQuery({
    queryKey: [...withdrawalsKey, 'list', params],
    queryFn: ({ signal }) =>
      callApi<Page<OperatorWithdrawal>>('/ops/payments/withdrawals', {
        query: { status: params.status, pageNo: params.pageNo, pageSize: params.pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useWithdrawal(withdrawalId: string | null) {
  return useQuery({
    queryKey: [...withdrawalsKey, 'one', withdrawalId],
    queryFn: ({ signal }) =>
      callApi<OperatorWithdrawal>(`/ops/payments/withdrawals/${encodeURIComponent(withdrawalId ?? '')}`, {
        signal,
      }),
    enabled: withdrawalId !== null,
  });
}

export const proofUrl = (withdrawalId: string, proofId: string) =>
  `/ops/payments/withdrawals/${encodeURIComponent(withdrawalId)}/proofs/${encodeURIComponent(proofId)}`;

/** Approve or reject; afterwards the queue and the withdrawal are read again. */
export function useDecideWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      decision:
        | { withdrawalId: string; action: 'approve' }
        | { withdrawalId: string; action: 'reject'; reason: string },
    ) =>
      callApi<OperatorWithdrawal>(
        `/ops/payments/withdrawals/${encodeURIComponent(decision.withdrawalId)}/${decision.action}`,
        decision.action === 'reject'
          ? { method: 'POST', body: { reason: decision.reason } }
          : { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawalsKey }),
  });
}
