import { merchantByCode } from '@sorte/shared';
import { describe, expect, it } from 'vitest';
import { nextPeriod, periodAt, periodsDue } from './periods';

const brazil = merchantByCode('BR').timeZone; // UTC-3
const mexico = merchantByCode('MX').timeZone; // UTC-6
const bangladesh = merchantByCode('BD').timeZone; // UTC+6
const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe('settlement periods on the merchant wall clock', () => {
  it('turns the day at midnight in São Paulo, not at midnight UTC', () => {
    expect(periodAt('D', at('2026-11-25T02:59:59.999Z'), brazil).key).toBe('2026-11-24');
    const day = periodAt('D', at('2026-11-25T03:00:00Z'), brazil);
    expect(day).toMatchObject({ key: '2026-11-25' });
    expect([iso(day.start), iso(day.end)]).toEqual(['2026-11-25T03:00:00.000Z', '2026-11-26T03:00:00.000Z']);
  });

  it('turns the hour and the 5-minute slot on the Mexico City clock', () => {
    const hour = periodAt('hour', at('2026-11-25T05:59:59Z'), mexico);
    expect(hour.key).toBe('2026-11-24T23');
    expect([iso(hour.start), iso(hour.end)]).toEqual([
      '2026-11-25T05:00:00.000Z',
      '2026-11-25T06:00:00.000Z',
    ]);
    expect(periodAt('5min', at('2026-11-25T19:04:59Z'), mexico).key).toBe('2026-11-25T13:00');
    const slot = periodAt('5min', at('2026-11-25T19:05:00Z'), mexico);
    expect(slot.key).toBe('2026-11-25T13:05');
    expect(iso(slot.end)).toBe('2026-11-25T19:10:00.000Z');
    // The last slot of the day ends at the next local midnight.
    expect(iso(periodAt('5min', at('2026-11-26T05:58:00Z'), mexico).end)).toBe('2026-11-26T06:00:00.000Z');
  });

  it('turns the month in Dhaka six hours before UTC does', () => {
    expect(periodAt('M', at('2026-11-30T17:59:59Z'), bangladesh).key).toBe('2026-11');
    const december = periodAt('M', at('2026-11-30T18:00:00Z'), bangladesh);
    expect(december.key).toBe('2026-12');
    expect([iso(december.start), iso(december.end)]).toEqual([
      '2026-11-30T18:00:00.000Z',
      '2026-12-31T18:00:00.000Z',
    ]);
  });

  it('starts weeks on Monday, across a year end', () => {
    // Wednesday 25 November 2026.
    expect(periodAt('W', at('2026-11-25T12:00:00Z'), brazil).key).toBe('W2026-11-23');
    // Sunday 29 November 23:30 in São Paulo is still that week; Monday 00:00 is the next.
    expect(periodAt('W', at('2026-11-30T02:30:00Z'), brazil).key).toBe('W2026-11-23');
    expect(periodAt('W', at('2026-11-30T03:00:00Z'), brazil).key).toBe('W2026-11-30');
    // Friday 1 January 2027 belongs to the week of Monday 28 December 2026.
    const week = periodAt('W', at('2027-01-01T12:00:00Z'), bangladesh);
    expect(week.key).toBe('W2026-12-28');
    expect(iso(week.end)).toBe('2027-01-03T18:00:00.000Z');
  });

  it('splits months on the 1st and the 16th, February included', () => {
    expect(periodAt('H', at('2026-11-16T02:59:00Z'), brazil).key).toBe('H2026-11-01');
    expect(periodAt('H', at('2026-11-16T03:00:00Z'), brazil).key).toBe('H2026-11-16');
    const late = periodAt('H', at('2027-02-28T12:00:00Z'), mexico);
    expect(late.key).toBe('H2027-02-16');
    expect(iso(late.end)).toBe('2027-03-01T06:00:00.000Z');
    expect(nextPeriod(late, mexico).key).toBe('H2027-03-01');
  });

  it('keeps days gapless across a daylight-saving change (Mexico City, April 2022)', () => {
    // Clocks went from 02:00 to 03:00 on 3 April 2022: that day lasted 23 hours.
    const day = periodAt('D', at('2022-04-03T12:00:00Z'), mexico);
    expect([iso(day.start), iso(day.end)]).toEqual(['2022-04-03T06:00:00.000Z', '2022-04-04T05:00:00.000Z']);
    expect(iso(nextPeriod(day, mexico).start)).toBe(iso(day.end));
  });

  it('starts a day whose midnight was skipped at 01:00 (São Paulo, November 2018)', () => {
    const day = periodAt('D', at('2018-11-04T12:00:00Z'), brazil);
    expect(iso(day.start)).toBe('2018-11-04T03:00:00.000Z');
    expect(iso(periodAt('D', at('2018-11-03T12:00:00Z'), brazil).end)).toBe(iso(day.start));
  });

  it('lists the periods to catch up after a stop, oldest first, up to the last complete one', () => {
    const last = periodAt('hour', at('2026-11-25T10:30:00Z'), bangladesh); // 16:00 in Dhaka
    const due = periodsDue('hour', bangladesh, at('2026-11-25T13:59:00Z'), at('2026-11-01T00:00:00Z'), last);
    expect(due.map((p) => p.key)).toEqual(['2026-11-25T17', '2026-11-25T18']);
    const first = periodsDue('D', brazil, at('2026-11-27T03:00:00Z'), at('2026-11-25T10:00:00Z'), null);
    expect(first.map((p) => p.key)).toEqual(['2026-11-25', '2026-11-26']);
  });
});
