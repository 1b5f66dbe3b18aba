import { describe, expect, it } from 'vitest';
import { amountToInput, checkAmount, parseAmountInput, quickAmounts } from './amount';

describe('amounts typed by a person', () => {
  it('reads whole units and up to two decimals with a dot or a comma, in minor units', () => {
    expect(parseAmountInput('50')).toBe(5000);
    expect(parseAmountInput('50.5')).toBe(5050);
    expect(parseAmountInput('50,05')).toBe(5005);
    expect(parseAmountInput(' 1 000 ')).toBe(100000);
    expect(parseAmountInput('0.01')).toBe(1);
  });

  it('refuses what it cannot read exactly: letters, three decimals, thousands separators', () => {
    for (const text of ['', 'abc', '50.123', '1.000,50', '-5', '5e3'])
      expect(parseAmountInput(text)).toBeNull();
  });

  it('checks an amount against the channel bounds (inclusive) and the available balance', () => {
    const limits = { min: 1000, max: 5_000_000 };
    expect(checkAmount('', limits)).toBe('required');
    expect(checkAmount('x', limits)).toBe('invalid');
    expect(checkAmount('0', limits)).toBe('invalid');
    expect(checkAmount('9.99', limits)).toBe('belowMin');
    expect(checkAmount('10', limits)).toBeNull();
    expect(checkAmount('50000', limits)).toBeNull();
    expect(checkAmount('50000.01', limits)).toBe('aboveMax');
    expect(checkAmount('20', { ...limits, available: 1999 })).toBe('insufficient');
    expect(checkAmount('19.99', { ...limits, available: 1999 })).toBeNull();
  });

  it('offers round quick amounts inside the bounds only', () => {
    expect(quickAmounts(1000, 5_000_000)).toEqual([1000, 2000, 5000, 10000, 20000, 50000]);
    expect(quickAmounts(10000, 2_500_000)).toEqual([10000, 20000, 50000, 100000, 200000, 500000]);
    expect(quickAmounts(1000, 6000)).toEqual([1000, 2000, 5000]);
    for (const v of quickAmounts(1500, 90_000)) expect(v >= 1500 && v <= 90_000).toBe(true);
  });

  it('writes minor units back with two decimals for the field', () => {
    expect(amountToInput(5000)).toBe('50.00');
    expect(amountToInput(5)).toBe('0.05');
  });
});
