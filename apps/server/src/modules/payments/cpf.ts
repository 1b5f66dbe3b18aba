/**
 * CPF (Cadastro de Pessoas Físicas): 11 digits, the last two are check digits computed mod 11 over
 * the ones before them (weights 10..2, then 11..2). A number of one repeated digit passes the
 * arithmetic but is never issued, so it is refused too.
 */

/** Digits only: "123.456.789-09" → "12345678909". */
export const normaliseCpf = (input: string) => input.replace(/[\s.-]/g, '');

function checkDigit(digits: string, firstWeight: number): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (firstWeight - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

export function isValidCpf(input: string): boolean {
  const cpf = normaliseCpf(input);
  if (!/^\d{11}$/.test(cpf)) return false;
  if (/^(\d)\1{10}$/.test(cpf)) return false;
  const first = checkDigit(cpf.slice(0, 9), 10);
  const second = checkDigit(cpf.slice(0, 10), 11);
  return first === Number(cpf[9]) && second === Number(cpf[10]);
}

/** The full CPF for 9 base digits (used by tests and demo data). */
export function completeCpf(base9: string): string {
  if (!/^\d{9}$/.test(base9)) throw new Error('a CPF base has 9 digits');
  const first = checkDigit(base9, 10);
  return `${base9}${first}${checkDigit(`${base9}${first}`, 11)}`;
}
