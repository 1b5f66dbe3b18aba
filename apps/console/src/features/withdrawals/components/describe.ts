import type { DecisionAction, DisputeAction, OperatorWithdrawal } from '../api/withdrawals';

/** Who asked: the member's username when the server sends it, else their id. */
export const memberOf = (withdrawal: OperatorWithdrawal) => withdrawal.username ?? `#${withdrawal.memberId}`;

/** Where the money goes: the holder's name and the masked account. */
export const payeeOf = (withdrawal: OperatorWithdrawal) =>
  `${withdrawal.holderName} · ${withdrawal.maskedAccount}`;

export const isPending = (withdrawal: OperatorWithdrawal) => withdrawal.status === 'locked';

/** Approved, but the payout did not go through (refused, or the provider could not be reached). */
export const hasPayoutProblem = (withdrawal: OperatorWithdrawal) =>
  withdrawal.status === 'approved' && (withdrawal.payoutFailed === true || Boolean(withdrawal.payoutError));

/**
 * What the member's dispute allows now: while open, settle it one of three ways; a re-sent amount
 * not yet paid may be sent again (idempotent at the provider), and returned instead only when the
 * provider refused it.
 */
export function disputeActionsFor(withdrawal: OperatorWithdrawal): DisputeAction[] {
  const dispute = withdrawal.dispute;
  if (!dispute) return [];
  if (dispute.state === 'open') return ['disputeResend', 'disputeReturn', 'disputeReject'];
  if (dispute.state === 'resent' && dispute.paidAt === null)
    return dispute.payoutFailed ? ['disputeResend', 'disputeReturn'] : ['disputeResend'];
  return [];
}

/** The decisions the withdrawal's state allows (the operator also needs withdrawals.decide). */
export function decisionsFor(withdrawal: OperatorWithdrawal): DecisionAction[] {
  if (isPending(withdrawal)) return ['approve', 'reject'];
  if (!hasPayoutProblem(withdrawal)) return [];
  // Only a refused payout may be returned: one whose fate is unknown can only be retried.
  return withdrawal.payoutFailed ? ['retry', 'return'] : ['retry'];
}
