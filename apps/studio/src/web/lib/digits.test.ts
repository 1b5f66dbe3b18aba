import { formatTimeIn } from '@sorte/shared/date-time-format';
import { bengaliDigits } from '@sorte/shared/digits';
import { describe, expect, it } from 'vitest';
import { bn } from '../locales/bn';
import { formatHundredths, formatMoney, numberLocales } from './money';

describe('Bengali game frames: Latin digits only, like the site around them', () => {
  it('has no Bengali digit in any Bengali text of the frames', () => {
    expect(Object.entries(bn).filter(([, text]) => bengaliDigits.test(text))).toEqual([]);
  });

  it('writes amounts, multipliers and the history clock in Latin digits', () => {
    const locale = numberLocales.bn as string;
    const shown = [
      formatMoney(123_456, 'BDT', locale),
      formatHundredths(250, locale),
      formatTimeIn('2026-11-27T14:05:09Z', 'bn', 'Asia/Dhaka'),
    ];
    expect(shown.filter((text) => bengaliDigits.test(text))).toEqual([]);
  });
});
