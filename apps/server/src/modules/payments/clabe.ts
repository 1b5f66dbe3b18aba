/**
 * CLABE (Clave Bancaria Estandarizada), Mexico: 18 digits — bank (3), branch city (3), account
 * (11) and a check digit. The check digit: multiply the first 17 digits by the weights 3, 7, 1
 * (repeating), keep each product mod 10, sum, and take (10 - sum mod 10) mod 10.
 */

const WEIGHTS = [3, 7, 1] as const;

export const normaliseClabe = (input: string) => input.replace(/[\s-]/g, '');

export function clabeCheckDigit(first17: string): number {
  if (!/^\d{17}$/.test(first17)) throw new Error('a CLABE body has 17 digits');
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * (WEIGHTS[i % 3] as number)) % 10;
  return (10 - (sum % 10)) % 10;
}

export function isValidClabe(input: string): boolean {
  const clabe = normaliseClabe(input);
  if (!/^\d{18}$/.test(clabe)) return false;
  return clabeCheckDigit(clabe.slice(0, 17)) === Number(clabe[17]);
}

/** The full CLABE for a 17-digit body. */
export const completeClabe = (first17: string) => `${first17}${clabeCheckDigit(first17)}`;
