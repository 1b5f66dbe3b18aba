import type { PersonalProfit } from '@sorte/shared';
import { type DayRange, daysOf } from './date-range';

export type DayProfit = { date: string; profit: number; stake: number; payout: number; rounds: number };

/** Sums the rows per day over every day of the range (days without rounds count 0), oldest first. */
export function profitByDay(content: PersonalProfit['content'], range: DayRange): DayProfit[] {
  const byDay = new Map<string, DayProfit>();
  for (const day of daysOf(range)) byDay.set(day, { date: day, profit: 0, stake: 0, payout: 0, rounds: 0 });
  for (const row of content) {
    const day = byDay.get(row.date) ?? { date: row.date, profit: 0, stake: 0, payout: 0, rounds: 0 };
    day.profit += row.profit;
    day.stake += row.stake;
    day.payout += row.payout;
    day.rounds += row.rounds;
    byDay.set(row.date, day);
  }
  return [...byDay.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}
