import { describe, expect, it } from 'vitest';
import { addDays, clampRange, daysOf, earliestDay, presetRange, todayIn } from './date-range';
import { profitByDay } from './profit-by-day';

describe('record date ranges', () => {
  it('counts today in the merchant time zone, not the browser one', () => {
    const lateUtc = new Date('2026-11-24T01:30:00Z');
    expect(todayIn('America/Sao_Paulo', lateUtc)).toBe('2026-11-23');
    expect(todayIn('Asia/Dhaka', lateUtc)).toBe('2026-11-24');
  });

  it('gives today, the last 7 days and the last 30 days, today included', () => {
    const today = '2026-03-02';
    expect(presetRange('today', today)).toEqual({ startDate: today, endDate: today });
    expect(presetRange('last7', today)).toEqual({ startDate: '2026-02-24', endDate: today });
    expect(presetRange('last30', today)).toEqual({ startDate: '2026-02-01', endDate: today });
    expect(daysOf(presetRange('last7', today))).toHaveLength(7);
  });

  it('keeps a custom range within the last 30 days and in order', () => {
    const today = '2026-11-23';
    expect(earliestDay(today)).toBe('2026-10-24');
    expect(clampRange('2026-01-01', '2026-12-31', today)).toEqual({
      startDate: '2026-10-24',
      endDate: today,
    });
    expect(clampRange('2026-11-20', '2026-11-10', today)).toEqual({
      startDate: '2026-11-20',
      endDate: '2026-11-20',
    });
    expect(clampRange('', '', today)).toEqual({ startDate: '2026-10-24', endDate: today });
  });

  it('moves calendar days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('sums profit per day over every day of the range, days without rounds at zero', () => {
    const days = profitByDay(
      [
        { date: '2026-11-23', gameType: 'RNG', stake: 1000, payout: 1500, profit: 500, rounds: 2 },
        { date: '2026-11-23', gameType: 'CRASH', stake: 800, payout: 0, profit: -800, rounds: 1 },
        { date: '2026-11-21', gameType: 'RNG', stake: 100, payout: 0, profit: -100, rounds: 1 },
      ],
      { startDate: '2026-11-20', endDate: '2026-11-23' },
    );
    expect(days.map((d) => [d.date, d.profit, d.rounds])).toEqual([
      ['2026-11-20', 0, 0],
      ['2026-11-21', -100, 1],
      ['2026-11-22', 0, 0],
      ['2026-11-23', -300, 3],
    ]);
  });
});
