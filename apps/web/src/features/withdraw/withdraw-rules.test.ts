import { describe, expect, it } from 'vitest';
import {
  accountValueState,
  isValidBdWallet,
  isValidBrPhone,
  isValidClabe,
  isValidCpf,
  paymentPasswordProblem,
} from './account-rules';
import { remainderOf, validateConfirmation } from './confirmation-rules';
import { checkProofFiles } from './proof-files';

const file = (name: string, type: string, size: number) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const MB = 1024 * 1024;

describe('proof images', () => {
  it('takes PNG and JPG up to 5 MB, and no more than 3 with the ones already sent', () => {
    const png = file('a.png', 'image/png', 100_000);
    const jpg = file('b.jpg', 'image/jpeg', 5 * MB);
    const big = file('c.png', 'image/png', 5 * MB + 1);
    const pdf = file('d.pdf', 'application/pdf', 1000);
    const gif = file('e.gif', 'image/gif', 1000);
    const { accepted, problems } = checkProofFiles([png, jpg, big, pdf, gif], [], 0);
    expect(accepted).toEqual([png, jpg]);
    expect(problems).toEqual([
      { name: 'c.png', reason: 'size' },
      { name: 'd.pdf', reason: 'type' },
      { name: 'e.gif', reason: 'type' },
    ]);
  });

  it('counts the stored and already picked images toward the limit of 3', () => {
    const pics = ['1', '2', '3'].map((n) => file(`${n}.png`, 'image/png', 10));
    expect(checkProofFiles(pics, [], 2).accepted).toHaveLength(1);
    const { accepted, problems } = checkProofFiles(pics, [file('0.jpg', 'image/jpeg', 10)], 1);
    expect(accepted).toHaveLength(1);
    expect(problems.map((p) => p.reason)).toEqual(['count', 'count']);
  });

  it('judges a file without a type by its name', () => {
    expect(checkProofFiles([file('scan.JPEG', '', 10)], [], 0).accepted).toHaveLength(1);
  });
});

describe('withdrawal confirmation rules', () => {
  const context = {
    amount: 2000,
    allowed: ['received', 'partial', 'not_received'] as const,
    storedProofs: 0,
  };
  const form = (
    state: 'received' | 'partial' | 'not_received' | 'all_received' | null,
    receivedText = '',
    newProofs = 0,
  ) => ({
    state,
    receivedText,
    newProofs,
  });

  it('needs an answer among the allowed ones', () => {
    expect(validateConfirmation(form(null), { ...context, allowed: [...context.allowed] })).toEqual({
      state: 'required',
    });
    expect(
      validateConfirmation(form('all_received'), { ...context, allowed: [...context.allowed] }).state,
    ).toBe('notAllowed');
    expect(validateConfirmation(form('received'), { ...context, allowed: [...context.allowed] })).toEqual({});
  });

  it('asks "partly received" for an amount above 0 and below the withdrawal, and shows the rest', () => {
    const ctx = { ...context, allowed: [...context.allowed] };
    expect(validateConfirmation(form('partial', ''), ctx).receivedAmount).toBe('required');
    expect(validateConfirmation(form('partial', 'ten'), ctx).receivedAmount).toBe('invalid');
    expect(validateConfirmation(form('partial', '20'), ctx).receivedAmount).toBe('range');
    expect(validateConfirmation(form('partial', '0'), ctx).receivedAmount).toBe('range');
    expect(validateConfirmation(form('partial', '15'), ctx)).toEqual({});
    expect(remainderOf(2000, '15')).toBe(500);
    expect(remainderOf(2000, '20')).toBeNull();
  });

  it('asks "not received" for at least one proof, sent before or now', () => {
    const ctx = { ...context, allowed: [...context.allowed] };
    expect(validateConfirmation(form('not_received'), ctx).proofs).toBe('required');
    expect(validateConfirmation(form('not_received', '', 1), ctx)).toEqual({});
    expect(validateConfirmation(form('not_received'), { ...ctx, storedProofs: 1 })).toEqual({});
  });

  it('takes images only with "partly received" or "not received"', () => {
    const ctx = { ...context, allowed: [...context.allowed] };
    expect(validateConfirmation(form('received', '', 1), ctx).proofs).toBe('notAccepted');
    expect(validateConfirmation(form('partial', '5', 2), ctx)).toEqual({});
  });
});

describe('payee account formats (as the server checks them)', () => {
  it('checks CPF check digits and refuses repeated digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
  });

  it('checks a CLABE check digit', () => {
    expect(isValidClabe('032180000118359719')).toBe(true);
    expect(isValidClabe('032180000118359718')).toBe(false);
    expect(isValidClabe('03218000011835971')).toBe(false);
  });

  it('reads Brazilian phones and Bangladeshi wallet numbers with or without the country code', () => {
    expect(isValidBrPhone('+55 11 91234-5678')).toBe(true);
    expect(isValidBrPhone('(11) 91234-5678')).toBe(true);
    expect(isValidBrPhone('+1 11 91234-5678')).toBe(false);
    expect(isValidBdWallet('01712345678')).toBe(true);
    expect(isValidBdWallet('+8801712345678')).toBe(true);
    expect(isValidBdWallet('01212345678')).toBe(false);
  });

  it('says "typing" while digits are still missing, then valid or invalid', () => {
    expect(accountValueState('CPF', '')).toBe('empty');
    expect(accountValueState('CPF', '529.982')).toBe('typing');
    expect(accountValueState('CPF', '529.982.247-25')).toBe('valid');
    expect(accountValueState('CPF', '529.982.247-26')).toBe('invalid');
    expect(accountValueState('EMAIL', 'ana@')).toBe('invalid');
    expect(accountValueState('EVP', '123e4567-e89b-12d3-a456-426614174000')).toBe('valid');
  });

  it('refuses weak payment passwords: repeated digits and runs, wrapping round 9 to 0', () => {
    expect(paymentPasswordProblem('12345')).toBe('format');
    expect(paymentPasswordProblem('111111')).toBe('weak');
    expect(paymentPasswordProblem('123456')).toBe('weak');
    expect(paymentPasswordProblem('654321')).toBe('weak');
    expect(paymentPasswordProblem('789012')).toBe('weak');
    expect(paymentPasswordProblem('482915')).toBeNull();
  });
});
