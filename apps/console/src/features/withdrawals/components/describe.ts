import type { OperatorWithdrawal } from '../api/withdrawals';

/** Who asked: the member's username when the server sends it, else their id. */
export const memberOf = (withdrawal: OperatorWithdrawal) => withdrawal.username ?? `#${withdrawal.memberId}`;

/** Where the money goes: the holder's name and the masked account. */
export const payeeOf = (withdrawal: OperatorWithdrawal) =>
  `${withdrawal.holderName} · ${withdrawal.maskedAccount}`;

export const isPending = (withdrawal: OperatorWithdrawal) => withdrawal.status === 'locked';
