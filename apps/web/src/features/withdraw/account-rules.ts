import type { PayeeAccountType } from '@sorte/shared';

/**
 * Format checks for payee accounts, the same as the server's (apps/server payments: cpf.ts,
 * pix-key.ts, clabe.ts), so a person sees a mistake while typing instead of after sending. The
 * server checks again; these only help.
 */

const digits = (value: string) => value.replace(/\D/g, '');

function cpfCheckDigit(base: string, firstWeight: number): number {
  let sum = 0;
  for (let i = 0; i < base.length; i++) sum += Number(base[i]) * (firstWeight - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** CPF: 11 digits with two mod-11 check digits; one repeated digit is never issued. */
export function isValidCpf(input: string): boolean {
  const cpf = input.replace(/[\s.-]/g, '');
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  return (
    cpfCheckDigit(cpf.slice(0, 9), 10) === Number(cpf[9]) &&
    cpfCheckDigit(cpf.slice(0, 10), 11) === Number(cpf[10])
  );
}

/** CLABE: 18 digits; the last is (10 − Σ(dᵢ·wᵢ mod 10) mod 10) mod 10 with weights 3, 7, 1. */
export function isValidClabe(input: string): boolean {
  const clabe = input.replace(/[\s-]/g, '');
  if (!/^\d{18}$/.test(clabe)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(clabe[i]) * (weights[i % 3] as number)) % 10;
  return (10 - (sum % 10)) % 10 === Number(clabe[17]);
}

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A Brazilian phone for PIX: +55, DDD without a 0, then a 9-digit mobile or an 8-digit landline. */
export function isValidBrPhone(input: string): boolean {
  let value = input.replace(/[\s().-]/g, '');
  if (value.startsWith('+')) {
    if (!value.startsWith('+55')) return false;
    value = value.slice(3);
  } else if (value.length === 13 && value.startsWith('55')) value = value.slice(2);
  if (!/^\d+$/.test(value)) return false;
  return (
    /^[1-9][1-9]/.test(value) && (/^9\d{8}$/.test(value.slice(2)) || /^[2-5]\d{7}$/.test(value.slice(2)))
  );
}

/** bKash / Nagad: 11 digits 01[3-9]…, with or without +880. */
export function isValidBdWallet(input: string): boolean {
  let value = input.replace(/[\s().-]/g, '');
  if (value.startsWith('+880')) value = `0${value.slice(4)}`;
  else if (value.startsWith('880') && value.length === 13) value = `0${value.slice(3)}`;
  return /^01[3-9]\d{8}$/.test(value);
}

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
    check: (v) => v.trim().length <= 77 && EMAIL.test(v.trim()),
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
    check: (v) => UUID.test(v.trim()),
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
  if (/^(\d)\1{5}$/.test(value)) return 'weak';
  const ups = '0123456789012345';
  const downs = '9876543210987654';
  if (ups.includes(value) || downs.includes(value)) return 'weak';
  return null;
}

/** Holder names as the server takes them: letters first, then letters, spaces, ' . - (2–64). */
export function isValidHolderName(value: string): boolean {
  const v = value.trim();
  return v.length >= 2 && v.length <= 64 && /^[\p{L}][\p{L}\p{M}' .-]*$/u.test(v);
}
