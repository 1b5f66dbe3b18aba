import { useState } from 'react';
import { type AmountProblem, checkAmount, parseAmountInput } from '../components/ui/amount';
import { newRequestId } from './request-id';

/**
 * The steps of sending money out of the main wallet to another member (to the upline, to a
 * downline): an amount checked against the balance, then a confirmation with the payment password.
 * One request id per confirmed amount, kept until the amount changes or the transfer is done, so a
 * retry after a lost answer cannot pay twice.
 */
export function useAmountConfirmation(needsPaymentPassword: boolean, sixDigitsMessage: string) {
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<AmountProblem | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [requestId, setRequestId] = useState<string | null>(null);
  return {
    amount,
    problem,
    password,
    passwordError,
    confirming,
    changeAmount(value: string) {
      setAmount(value);
      setProblem(null);
      setRequestId(null);
    },
    changePassword(value: string) {
      setPassword(value.replace(/\D/g, '').slice(0, 6));
      setPasswordError(null);
    },
    /** Checks the amount against what is available; true when the confirmation opened. */
    review(available: number): boolean {
      const found = checkAmount(amount, { min: 1, available });
      setProblem(found);
      if (found) return false;
      setPasswordError(null);
      setRequestId((id) => id ?? newRequestId());
      setConfirming(true);
      return true;
    },
    /** What to send once confirmed, or null while the password is not six digits (its field says so). */
    confirmed(): { amount: number; requestId: string; paymentPassword?: string } | null {
      const minor = parseAmountInput(amount);
      if (minor === null || !requestId) return null;
      if (needsPaymentPassword && !/^\d{6}$/.test(password)) {
        setPasswordError(sixDigitsMessage);
        return null;
      }
      return { amount: minor, requestId, ...(needsPaymentPassword ? { paymentPassword: password } : {}) };
    },
    close() {
      setConfirming(false);
    },
    /** The transfer went through: a new amount starts from nothing, under a new request id. */
    done() {
      setConfirming(false);
      setAmount('');
      setPassword('');
      setRequestId(null);
    },
  };
}
