import { describe, expect, it } from 'vitest';
import { amountMinorSchema, formatMinor } from './money';

describe('formatMinor', () => {
  it('shows two decimals with the merchant currency symbol', () => {
    expect(formatMinor(123456n, 'BRL', 'en')).toBe('R$ 1,234.56');
    expect(formatMinor(5, 'MXN', 'en')).toBe('MX$ 0.05');
    expect(formatMinor(123456n, 'BRL', 'pt-BR')).toBe('R$ 1.234,56');
  });

  it('keeps every digit of amounts beyond float precision', () => {
    expect(formatMinor(900719925474099312n, 'BDT', 'en')).toBe('৳ 9,007,199,254,740,993.12');
  });

  it('shows negative amounts with a leading minus', () => {
    expect(formatMinor(-250n, 'BRL', 'en')).toBe('-R$ 2.50');
  });
});

describe('amountMinorSchema', () => {
  it('accepts whole positive minor units only', () => {
    expect(amountMinorSchema.safeParse(100).success).toBe(true);
    for (const bad of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 2, '100', Number.NaN]) {
      expect(amountMinorSchema.safeParse(bad).success).toBe(false);
    }
  });
});
