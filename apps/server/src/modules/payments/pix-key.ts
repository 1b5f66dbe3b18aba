import { isValidCpf, normaliseCpf } from './cpf';

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

/** A Brazilian phone: DDD 11–99 without a 0 digit, then 9 digits starting with 9 (mobile) or 8 (landline, 2–5). */
function normalisePhone(input: string): string | null {
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
      const value = normalisePhone(raw);
      return value ? { ok: true, value } : { ok: false };
    }
    case 'EVP': {
      const value = raw.toLowerCase();
      return UUID.test(value) ? { ok: true, value } : { ok: false };
    }
  }
}

/** Bangladeshi mobile wallet numbers (bKash, Nagad): 11 digits 01[3-9]…, with or without +880. */
export function normaliseBdWallet(input: string): string | null {
  let digits = input.replace(/[\s().-]/g, '');
  if (digits.startsWith('+880')) digits = `0${digits.slice(4)}`;
  else if (digits.startsWith('880') && digits.length === 13) digits = `0${digits.slice(3)}`;
  return /^01[3-9]\d{8}$/.test(digits) ? digits : null;
}
