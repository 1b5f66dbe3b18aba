import type { WithdrawalConfirmationState } from '@sorte/shared';
import { parseAmountInput } from '../../components/ui/amount';

export type ConfirmationForm = {
  state: WithdrawalConfirmationState | null;
  receivedText: string;
  /** New proof images chosen in this form. */
  newProofs: number;
};

export type ConfirmationContext = {
  amount: number;
  allowed: readonly WithdrawalConfirmationState[];
  /** Proof images already sent for this withdrawal. */
  storedProofs: number;
};

export type ConfirmationErrors = {
  state?: 'required' | 'notAllowed';
  receivedAmount?: 'required' | 'invalid' | 'range';
  proofs?: 'required' | 'notAccepted';
};

/** What a state asks for: the received amount for 'partial'; proof images allowed for partial and not received. */
export const needsReceivedAmount = (state: WithdrawalConfirmationState | null) => state === 'partial';
export const acceptsProofs = (state: WithdrawalConfirmationState | null) =>
  state === 'partial' || state === 'not_received';

/**
 * The confirmation form's rules (spec section 4, as the server applies them): one of the states
 * allowed now; 'partial' needs the amount received, more than 0 and less than the withdrawal;
 * 'not_received' needs at least one proof image (sent before or now); only those two take images.
 */
export function validateConfirmation(
  form: ConfirmationForm,
  context: ConfirmationContext,
): ConfirmationErrors {
  const errors: ConfirmationErrors = {};
  if (!form.state) {
    errors.state = 'required';
    return errors;
  }
  if (!context.allowed.includes(form.state)) errors.state = 'notAllowed';
  if (needsReceivedAmount(form.state)) {
    const received = parseAmountInput(form.receivedText);
    if (form.receivedText.trim() === '') errors.receivedAmount = 'required';
    else if (received === null) errors.receivedAmount = 'invalid';
    else if (received <= 0 || received >= context.amount) errors.receivedAmount = 'range';
  }
  if (form.state === 'not_received' && context.storedProofs + form.newProofs === 0)
    errors.proofs = 'required';
  if (!acceptsProofs(form.state) && form.newProofs > 0) errors.proofs = 'notAccepted';
  return errors;
}

/** What is still missing after a partial receipt, or null when the text is not a usable amount. */
export function remainderOf(amount: number, receivedText: string): number | null {
  const received = parseAmountInput(receivedText);
  if (received === null || received <= 0 || received >= amount) return null;
  return amount - received;
}
