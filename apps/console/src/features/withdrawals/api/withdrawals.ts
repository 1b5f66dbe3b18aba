import type {
  DisputeResolution,
  operatorWithdrawalSchema,
  WithdrawalRisk,
  WithdrawalRiskAlert,
  WithdrawalStatus,
} from '@sorte/shared/contracts/payments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi, type Page } from '../../../lib/api';

type SharedOperatorWithdrawal = z.infer<typeof operatorWithdrawalSchema>;
/**
 * A withdrawal as the operator API gives it. The member's username and merchant and the payout
 * failure fields are new in the server's answer: optional here until every server in use sends them.
 */
export type OperatorWithdrawal = Omit<
  SharedOperatorWithdrawal,
  'username' | 'merchantCode' | 'payoutFailed' | 'payoutError'
> & {
  username?: string;
  merchantCode?: string;
  /** Approved, and the provider refused the payout: retry it, or return the money to the player. */
  payoutFailed?: boolean;
  /** The last payout error (a refusal, or a provider that could not be reached). */
  payoutError?: string | null;
  /** On the queue's rows: the alarming risk facts (the drawer reads them all). */
  riskAlerts?: WithdrawalRiskAlert[];
};

/**
 * What an operator may decide: approve or reject a pending withdrawal; for an approved one whose
 * payout failed, try the payout again (approve again) or, when the provider refused it, return the
 * money to the player (`return`, with a reason, as a rejection).
 */
export type DecisionAction = 'approve' | 'reject' | 'retry' | 'return' | DisputeAction;

/**
 * Settling the member's dispute of a paid withdrawal: pay the missing amount again through the
 * provider (also to retry that payout), return it to the balance, or reject the dispute.
 */
export type DisputeAction = 'disputeResend' | 'disputeReturn' | 'disputeReject';

export type WithdrawalListParams = {
  status: WithdrawalStatus | null;
  /** open: the disputes waiting for an operator (oldest first); resolved: the settled ones. */
  dispute: 'open' | 'resolved' | null;
  /** `createdAt:desc`, `amount:asc`…; null: the queue's order (waiting first, oldest first). */
  sort: string | null;
  pageNo: number;
  pageSize: number;
};

const withdrawalsKey = ['withdrawals'] as const;

export function useWithdrawals(params: WithdrawalListParams) {
  return useQuery({
    queryKey: [...withdrawalsKey, 'list', params],
    queryFn: ({ signal }) =>
      callApi<Page<OperatorWithdrawal>>('/ops/payments/withdrawals', {
        query: {
          status: params.status,
          dispute: params.dispute,
          sort: params.sort,
          pageNo: params.pageNo,
          pageSize: params.pageSize,
        },
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

/** The player's risk facts beside one withdrawal. */
export function useWithdrawalRisk(withdrawalId: string | null) {
  return useQuery({
    queryKey: [...withdrawalsKey, 'risk', withdrawalId],
    queryFn: ({ signal }) =>
      callApi<WithdrawalRisk>(`/ops/payments/withdrawals/${encodeURIComponent(withdrawalId ?? '')}/risk`, {
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
        | { withdrawalId: string; action: 'approve' | 'retry' }
        | { withdrawalId: string; action: 'reject' | 'return'; reason: string },
    ) =>
      callApi<OperatorWithdrawal>(
        `/ops/payments/withdrawals/${encodeURIComponent(decision.withdrawalId)}/${decision.action === 'retry' ? 'approve' : decision.action}`,
        'reason' in decision ? { method: 'POST', body: { reason: decision.reason } } : { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawalsKey }),
  });
}

/** Settles a disputed withdrawal; afterwards the queue and the withdrawal are read again. */
export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { withdrawalId: string; resolution: DisputeResolution; reason: string }) =>
      callApi<OperatorWithdrawal>(
        `/ops/payments/withdrawals/${encodeURIComponent(decision.withdrawalId)}/dispute`,
        { method: 'POST', body: { resolution: decision.resolution, reason: decision.reason } },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawalsKey }),
  });
}
