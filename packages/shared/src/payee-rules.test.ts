import { describe, expect, it } from 'vitest';
import {
  checkPixKey,
  clabeCheckDigit,
  completeClabe,
  completeCpf,
  isValidClabe,
  isValidCpf,
  normaliseBdWallet,
} from './payee-rules';

describe('CPF', () => {
  it('accepts numbers whose two check digits match, with or without punctuation', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('11144477735')).toBe(true);
    expect(isValidCpf(completeCpf('123456789'))).toBe(true);
    expect(completeCpf('123456789')).toBe('12345678909');
  });

  it('refuses a wrong first or second check digit', () => {
    expect(isValidCpf('529.982.247-15')).toBe(false);
    expect(isValidCpf('529.982.247-26')).toBe(false);
    expect(isValidCpf('12345678900')).toBe(false);
  });

  it('refuses every all-same-digit number even though its arithmetic passes', () => {
    for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11))).toBe(false);
  });

  it('refuses wrong lengths and letters', () => {
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247250')).toBe(false);
    expect(isValidCpf('52998224A25')).toBe(false);
  });
});

describe('CLABE', () => {
  it('computes the check digit with weights 3, 7, 1', () => {
    // 0·3 3·7 2·1 1·3 8·7 0·1 0·3 0·7 0·1 1·3 1·7 8·1 3·3 5·7 9·1 7·3 1·7 → products mod 10 sum to 51 → 9.
    expect(clabeCheckDigit('03218000011835971')).toBe(9);
    expect(isValidClabe('032180000118359719')).toBe(true);
    expect(isValidClabe('0321 8000 0118 3597 19')).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length and letters', () => {
    expect(isValidClabe('032180000118359710')).toBe(false);
    expect(isValidClabe('03218000011835971')).toBe(false);
    expect(isValidClabe('03218000011835971A')).toBe(false);
    for (let d = 0; d <= 9; d++) {
      const candidate = `03218000011835971${d}`;
      expect(isValidClabe(candidate)).toBe(d === 9);
    }
    expect(isValidClabe(completeClabe('64618000000000001'))).toBe(true);
  });
});

describe('PIX keys', () => {
  it('checks CPF keys by their check digits and stores the digits', () => {
    expect(checkPixKey('CPF', '529.982.247-25')).toEqual({ ok: true, value: '52998224725' });
    expect(checkPixKey('CPF', '529.982.247-24').ok).toBe(false);
    expect(checkPixKey('CPF', '000.000.000-00').ok).toBe(false);
  });

  it('checks e-mail keys and stores them in lower case', () => {
    expect(checkPixKey('EMAIL', ' Ana.Silva@Exemplo.com.BR ')).toEqual({
      ok: true,
      value: 'ana.silva@exemplo.com.br',
    });
    for (const bad of [
      'ana',
      'ana@',
      '@exemplo.com',
      'ana@exemplo',
      'ana silva@exemplo.com',
      `${'a'.repeat(72)}@ex.com`,
    ])
      expect(checkPixKey('EMAIL', bad).ok, bad).toBe(false);
  });

  it('checks phone keys and stores them as +55 DDD number', () => {
    expect(checkPixKey('PHONE', '(11) 98765-4321')).toEqual({ ok: true, value: '+5511987654321' });
    expect(checkPixKey('PHONE', '+55 21 98765 4321')).toEqual({ ok: true, value: '+5521987654321' });
    expect(checkPixKey('PHONE', '5511987654321')).toEqual({ ok: true, value: '+5511987654321' });
    for (const bad of ['+1 415 555 2671', '(01) 98765-4321', '11 8765-432', '11 123456789', 'abc'])
      expect(checkPixKey('PHONE', bad).ok, bad).toBe(false);
  });

  it('checks random keys (EVP) as UUIDs', () => {
    expect(checkPixKey('EVP', '123E4567-E12B-12D1-A456-426655440000')).toEqual({
      ok: true,
      value: '123e4567-e12b-12d1-a456-426655440000',
    });
    expect(checkPixKey('EVP', '123e4567e12b12d1a456426655440000').ok).toBe(false);
    expect(checkPixKey('EVP', '123e4567-e12b-12d1-a456-42665544000g').ok).toBe(false);
  });
});

describe('bKash and Nagad numbers', () => {
  it('accepts Bangladeshi mobile numbers with or without the country code', () => {
    expect(normaliseBdWallet('01712345678')).toBe('01712345678');
    expect(normaliseBdWallet('+880 1712-345678')).toBe('01712345678');
    expect(normaliseBdWallet('8801912345678')).toBe('01912345678');
  });

  it('refuses other numbers', () => {
    for (const bad of ['01212345678', '0171234567', '017123456789', '+8801212345678', 'abc'])
      expect(normaliseBdWallet(bad), bad).toBeNull();
  });
});
