/**
 * Payee account checks, one copy for the server (which refuses a wrong value and stores the
 * canonical spelling) and the web (which shows a mistake while it is typed). Plain functions, no
 * zod: the web's withdraw pages import them.
 */

// --- CPF -------------------------------------------------------------------------------------------

/**
 * CPF (Cadastro de Pessoas Físicas): 11 digits, the last two are check digits computed mod 11 over
 * the ones before them (weights 10..2, then 11..2). A number of one repeated digit passes the
 * arithmetic but is never issued, so it is refused too.
 */

/** Digits only: "123.456.789-09" → "12345678909". */
export const normaliseCpf = (input: string) => input.replace(/[\s.-]/g, '');

function cpfCheckDigit(digits: string, firstWeight: number): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (firstWeight - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

export function isValidCpf(input: string): boolean {
  const cpf = normaliseCpf(input);
  if (!/^\d{11}$/.test(cpf)) return false;
  if (/^(\d)\1{10}$/.test(cpf)) return false;
  const first = cpfCheckDigit(cpf.slice(0, 9), 10);
  const second = cpfCheckDigit(cpf.slice(0, 10), 11);
  return first === Number(cpf[9]) && second === Number(cpf[10]);
}

/** The full CPF for 9 base digits (used by tests and demo data). */
export function completeCpf(base9: string): string {
  if (!/^\d{9}$/.test(base9)) throw new Error('a CPF base has 9 digits');
  const first = cpfCheckDigit(base9, 10);
  return `${base9}${first}${cpfCheckDigit(`${base9}${first}`, 11)}`;
}

// --- CLABE -----------------------------------------------------------------------------------------

/**
 * CLABE (Clave Bancaria Estandarizada), Mexico: 18 digits — bank (3), branch city (3), account
 * (11) and a check digit. The check digit: multiply the first 17 digits by the weights 3, 7, 1
 * (repeating), keep each product mod 10, sum, and take (10 - sum mod 10) mod 10.
 */
const CLABE_WEIGHTS = [3, 7, 1] as const;

export const normaliseClabe = (input: string) => input.replace(/[\s-]/g, '');

export function clabeCheckDigit(first17: string): number {
  if (!/^\d{17}$/.test(first17)) throw new Error('a CLABE body has 17 digits');
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * (CLABE_WEIGHTS[i % 3] as number)) % 10;
  return (10 - (sum % 10)) % 10;
}

export function isValidClabe(input: string): boolean {
  const clabe = normaliseClabe(input);
  if (!/^\d{18}$/.test(clabe)) return false;
  return clabeCheckDigit(clabe.slice(0, 17)) === Number(clabe[17]);
}

/** The full CLABE for a 17-digit body. */
export const completeClabe = (first17: string) => `${first17}${clabeCheckDigit(first17)}`;

// --- PIX keys --------------------------------------------------------------------------------------

/**
 * PIX keys (Banco Central do Brasil, DICT): a CPF, an e-mail address, a mobile phone in E.164
 * (+55 DDD number) or a random key (EVP, a UUID). Each is checked for its format and normalised
 * to the form the DICT stores, so one key has one spelling.
 */
export const pixKeyTypes = ['CPF', 'EMAIL', 'PHONE', 'EVP'] as const;
export type PixKeyType = (typeof pixKeyTypes)[number];

export type PixKeyCheck = { ok: true; value: string } | { ok: false };

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A Brazilian phone as +55DDDnumber, or null: DDD 11–99 without a 0 digit, then 9 digits starting
 * with 9 (mobile) or 8 digits starting with 2–5 (landline).
 */
export function normaliseBrPhone(input: string): string | null {
  let digits = input.replace(/[\s().-]/g, '');
  if (digits.startsWith('+')) {
    if (!digits.startsWith('+55')) return null;
    digits = digits.slice(3);
  } else if (digits.length === 13 && digits.startsWith('55')) {
    digits = digits.slice(2);
  }
  if (!/^\d+$/.test(digits)) return null;
  const ddd = digits.slice(0, 2);
  const number = digits.slice(2);
  if (!/^[1-9][1-9]$/.test(ddd)) return null;
  if (!/^9\d{8}$/.test(number) && !/^[2-5]\d{7}$/.test(number)) return null;
  return `+55${ddd}${number}`;
}

export function checkPixKey(type: PixKeyType, input: string): PixKeyCheck {
  const raw = input.trim();
  switch (type) {
    case 'CPF':
      return isValidCpf(raw) ? { ok: true, value: normaliseCpf(raw) } : { ok: false };
    case 'EMAIL': {
      const value = raw.toLowerCase();
      return value.length <= 77 && EMAIL.test(value) ? { ok: true, value } : { ok: false };
    }
    case 'PHONE': {
      const value = normaliseBrPhone(raw);
      return value ? { ok: true, value } : { ok: false };
    }
    case 'EVP': {
      const value = raw.toLowerCase();
      return UUID.test(value) ? { ok: true, value } : { ok: false };
    }
  }
}

// --- Bangladeshi mobile wallets --------------------------------------------------------------------

/** bKash and Nagad numbers: 11 digits 01[3-9]…, with or without +880; null when it is not one. */
export function normaliseBdWallet(input: string): string | null {
  let digits = input.replace(/[\s().-]/g, '');
  if (digits.startsWith('+880')) digits = `0${digits.slice(4)}`;
  else if (digits.startsWith('880') && digits.length === 13) digits = `0${digits.slice(3)}`;
  return /^01[3-9]\d{8}$/.test(digits) ? digits : null;
}

// --- the payment password --------------------------------------------------------------------------

/** Six digits that are all the same or run in order (123456, 987654, 890123) are refused as a first password. */
export function isWeakPaymentPassword(password: string): boolean {
  if (!/^\d{6}$/.test(password)) return true;
  if (/^(\d)\1{5}$/.test(password)) return true;
  const steps = new Set<number>();
  for (let i = 1; i < 6; i++) steps.add((Number(password[i]) - Number(password[i - 1]) + 10) % 10);
  return steps.size === 1 && (steps.has(1) || steps.has(9));
}
