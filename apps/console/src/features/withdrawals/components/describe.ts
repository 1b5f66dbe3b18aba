import type { DecisionAction, OperatorWithdrawal } from '../api/withdrawals';

/** Who asked: the member's username when the server sends it, else their id. */
export const memberOf = (withdrawal: OperatorWithdrawal) => withdrawal.username ?? `#${withdrawal.memberId}`;

/** Where the money goes: the holder's name and the masked account. */
export const payeeOf = (withdrawal: OperatorWithdrawal) =>
  `${withdrawal.holderName} · ${withdrawal.maskedAccount}`;

export const isPending = (withdrawal: OperatorWithdrawal) => withdrawal.status === 'locked';

/** Approved, but the payout did not go through (refused, or the provider could not be reached). */
export const hasPayoutProblem = (withdrawal: OperatorWithdrawal) =>
  withdrawal.status === 'approved' && (withdrawal.payoutFailed === true || Boolean(withdrawal.payoutError));

/** The decisions the withdrawal's state allows (the operator also needs withdrawals.decide). */
export function decisionsFor(withdrawal: OperatorWithdrawal): DecisionAction[] {
  if (isPending(withdrawal)) return ['approve', 'reject'];
  if (!hasPayoutProblem(withdrawal)) return [];
  // Only a refused payout may be returned: one whose fate is unknown can only be retried.
  return withdrawal.payoutFailed ? ['retry', 'return'] : ['retry'];
}
