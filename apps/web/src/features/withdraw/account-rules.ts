import {
  checkPixKey,
  isValidClabe,
  isValidCpf,
  isWeakPaymentPassword,
  normaliseBdWallet,
  normaliseBrPhone,
  type PayeeAccountType,
} from '@sorte/shared';

/**
 * Payee account fields: what each type's input looks like, and its check — the server's own
 * (@sorte/shared payee-rules), so a person sees a mistake while typing instead of after sending.
 * The server checks again; these only help.
 */

const digits = (value: string) => value.replace(/\D/g, '');

export { isValidClabe, isValidCpf };

/** A Brazilian phone for PIX: +55, DDD without a 0, then a 9-digit mobile or an 8-digit landline. */
export const isValidBrPhone = (input: string) => normaliseBrPhone(input) !== null;

/** bKash / Nagad: 11 digits 01[3-9]…, with or without +880. */
export const isValidBdWallet = (input: string) => normaliseBdWallet(input) !== null;

export type AccountRule = {
  check: (value: string) => boolean;
  inputMode: 'numeric' | 'email' | 'tel' | 'text';
  placeholder: string;
  /** Up to this many characters in the field. */
  maxLength: number;
  /** The server's error code for a wrong value of this type. */
  errorCode: 'INVALID_CPF' | 'INVALID_PIX_KEY' | 'INVALID_CLABE' | 'INVALID_WALLET_NUMBER';
};

export const accountRules: Record<PayeeAccountType, AccountRule> = {
  CPF: {
    check: isValidCpf,
    inputMode: 'numeric',
    placeholder: '000.000.000-00',
    maxLength: 14,
    errorCode: 'INVALID_CPF',
  },
  EMAIL: {
    check: (v) => checkPixKey('EMAIL', v).ok,
    inputMode: 'email',
    placeholder: 'nome@exemplo.com',
    maxLength: 77,
    errorCode: 'INVALID_PIX_KEY',
  },
  PHONE: {
    check: isValidBrPhone,
    inputMode: 'tel',
    placeholder: '+55 11 91234-5678',
    maxLength: 20,
    errorCode: 'INVALID_PIX_KEY',
  },
  EVP: {
    check: (v) => checkPixKey('EVP', v).ok,
    inputMode: 'text',
    placeholder: '123e4567-e89b-12d3-a456-426614174000',
    maxLength: 36,
    errorCode: 'INVALID_PIX_KEY',
  },
  CLABE: {
    check: isValidClabe,
    inputMode: 'numeric',
    placeholder: '000 000 00000000000 0',
    maxLength: 22,
    errorCode: 'INVALID_CLABE',
  },
  WALLET: {
    check: isValidBdWallet,
    inputMode: 'tel',
    placeholder: '01XXXXXXXXX',
    maxLength: 14,
    errorCode: 'INVALID_WALLET_NUMBER',
  },
};

/**
 * How far along a value is: 'empty', 'typing' (could still become valid: only a few digits so
 * far), 'valid' or 'invalid'. The live hint under the field says which.
 */
export function accountValueState(
  type: PayeeAccountType,
  value: string,
): 'empty' | 'typing' | 'valid' | 'invalid' {
  const trimmed = value.trim();
  if (trimmed === '') return 'empty';
  if (accountRules[type].check(trimmed)) return 'valid';
  const needed: Partial<Record<PayeeAccountType, number>> = { CPF: 11, CLABE: 18, WALLET: 11, PHONE: 10 };
  const expected = needed[type];
  if (expected !== undefined && /^[\d\s().+-]*$/.test(trimmed) && digits(trimmed).length < expected)
    return 'typing';
  return 'invalid';
}

/** The payment password rule: 6 digits, not one digit repeated, not a run up or down (123456, 654321). */
export function paymentPasswordProblem(value: string): 'format' | 'weak' | null {
  if (!/^\d{6}$/.test(value)) return 'format';
  return isWeakPaymentPassword(value) ? 'weak' : null;
}

/** Holder names as the server takes them: letters first, then letters, spaces, ' . - (2–64). */
export function isValidHolderName(value: string): boolean {
  const v = value.trim();
  return v.length >= 2 && v.length <= 64 && /^[\p{L}][\p{L}\p{M}' .-]*$/u.test(v);
}
