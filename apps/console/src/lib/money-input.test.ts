import { describe, expect, it } from 'vitest';
import { parseMajorAmount } from './money-input';

const max = 100_000_000_000;

describe('parseMajorAmount', () => {
  it('reads major units into exact minor units, without float drift', () => {
    expect(parseMajorAmount('1234.56', max)).toBe(123456);
    expect(parseMajorAmount('0.1', max)).toBe(10);
    expect(parseMajorAmount('0.29', max)).toBe(29);
    expect(parseMajorAmount('1.005'.slice(0, 4), max)).toBe(100);
    expect(parseMajorAmount('150', max)).toBe(15000);
    expect(parseMajorAmount(' 150,5 ', max)).toBe(15050);
    expect(parseMajorAmount('0019.99', max)).toBe(1999);
  });

  it('refuses what is not such an amount, zero, and more than the largest accepted', () => {
    for (const text of ['', '0', '0.00', '-5', '1.234', '1,234.56', '1e3', '12.', '.5', 'abc', '1 000'])
      expect(parseMajorAmount(text, max)).toBeNull();
    expect(parseMajorAmount('1000000000.00', max)).toBe(max);
    expect(parseMajorAmount('1000000000.01', max)).toBeNull();
    expect(parseMajorAmount('999999999999999', max)).toBeNull();
  });
});
