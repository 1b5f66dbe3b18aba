import { describe, expect, it } from 'vitest';
import { amountProblem, doubleAmount, halveAmount, maxBet } from './amount';
import { formatBp, formatHundredths, formatMoney, parseAmount, payoutAtBp } from './money';

const limits = { min: 100, max: 100_000 };

describe('bet amount rules', () => {
  it('halves down to a whole minor unit and never below the minimum', () => {
    expect(halveAmount(1001, limits, 50_000)).toBe(500);
    expect(halveAmount(150, limits, 50_000)).toBe(100);
  });

  it('doubles up to the table maximum or the balance, whichever is lower', () => {
    expect(doubleAmount(400, limits, 50_000)).toBe(800);
    expect(doubleAmount(40_000, limits, 50_000)).toBe(50_000);
    expect(doubleAmount(80_000, limits, 1_000_000)).toBe(100_000);
  });

  it('max is the balance when it is below the table maximum, and never below the minimum', () => {
    expect(maxBet(limits, 2_345)).toBe(2_345);
    expect(maxBet(limits, 5_000_000)).toBe(100_000);
    expect(maxBet(limits, 20)).toBe(100);
  });

  it('names what stops a bet: not an amount, under the minimum, over the maximum, over the balance', () => {
    expect(amountProblem(null, limits, 10_000)).toBe('amountInvalid');
    expect(amountProblem(0, limits, 10_000)).toBe('amountInvalid');
    expect(amountProblem(99, limits, 10_000)).toBe('amountBelowMin');
    expect(amountProblem(100_001, limits, 1_000_000)).toBe('amountAboveMax');
    expect(amountProblem(10_001, limits, 10_000)).toBe('amountAboveBalance');
    expect(amountProblem(10_000, limits, 10_000)).toBeNull();
  });
});

describe('money in the frames', () => {
  it('reads what players type: either decimal mark, at most two decimals', () => {
    expect(parseAmount('1.50')).toBe(150);
    expect(parseAmount('1,5')).toBe(150);
    expect(parseAmount(' 20 ')).toBe(2000);
    expect(parseAmount('.5')).toBe(50);
    expect(parseAmount('1.505')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
    expect(parseAmount('1.2.3')).toBeNull();
  });

  it('shows the currency with two decimals, grouped per language', () => {
    expect(formatMoney(123456, 'BRL')).toBe('R$ 1,234.56');
    expect(formatMoney(123456, 'BRL', 'pt-BR')).toBe('R$ 1.234,56');
    expect(formatMoney(5, 'BDT')).toBe('৳ 0.05');
    expect(formatMoney(-250, 'MXN')).toBe('-MX$ 2.50');
  });

  it('rounds payouts and multipliers down, as the server does', () => {
    expect(payoutAtBp(101, 19_800)).toBe(199);
    expect(formatBp(29_702)).toBe('2.97×');
    expect(formatHundredths(100_000_000)).toBe('1,000,000.00×');
  });
});
