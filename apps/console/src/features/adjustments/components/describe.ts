import type { Adjustment } from '@sorte/shared/contracts/console';
import { formatMinor } from '../../../lib/format';

/** The amount with its sign: "+R$ 150.00" for a credit, "−R$ 150.00" for a debit. */
export const signedAmount = (adjustment: Adjustment, language: string) =>
  `${adjustment.direction === 'credit' ? '+' : '−'}${formatMinor(adjustment.amount, adjustment.currency, language)}`;

/** Four eyes: the operator who asked may not approve it too (the server refuses it as well). */
export const isOwnRequest = (adjustment: Adjustment, operatorUsername: string) =>
  adjustment.requestedBy === operatorUsername;
