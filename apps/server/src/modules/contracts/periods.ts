import { wallClockMs } from '@sorte/shared';
import type { ContractTerms } from '@sorte/shared/contracts/agent-contracts';

/**
 * Settlement periods on the merchant's wall clock (DECISIONS: daily at 00:00, hourly at :00,
 * real-time every 5 minutes, in the merchant's time zone; dividend D, W from Monday, H from the 1st
 * and the 16th, M). A period is [start, end) in instants; its key names it on the wall clock, so the
 * key is the same whichever instance computes it and sorts in time order within a kind:
 *
 * | kind   | key example         |
 * | ------ | ------------------- |
 * | D      | `2026-11-25`        |
 * | W      | `W2026-11-23`       |  (the Monday it starts)
 * | H      | `H2026-11-16`       |  (the 1st or the 16th it starts)
 * | M      | `2026-11`           |
 * | hour   | `2026-11-25T13`     |
 * | 5min   | `2026-11-25T13:05`  |
 *
 * Around a daylight-saving change a period starts at the first instant its wall time is reached
 * (a skipped midnight starts the day at 01:00), so periods never overlap and never leave a gap.
 */
export type PeriodKind = 'D' | 'W' | 'H' | 'M' | 'hour' | '5min';
export type Period = { kind: PeriodKind; key: string; start: Date; end: Date };

type Wall = { y: number; m: number; d: number; h: number; min: number };

const wallOf = (instant: number, timeZone: string): Wall => {
  const w = new Date(wallClockMs(instant, timeZone));
  return {
    y: w.getUTCFullYear(),
    m: w.getUTCMonth() + 1,
    d: w.getUTCDate(),
    h: w.getUTCHours(),
    min: w.getUTCMinutes(),
  };
};

const HOUR_MS = 3_600_000;

/** The first instant at which the zone's wall clock reads `wall` or later. */
function instantOfWall(wall: Wall, timeZone: string): Date {
  const target = Date.UTC(wall.y, wall.m - 1, wall.d, wall.h, wall.min);
  // The offsets in force half a day either side cover any single change of offset.
  const candidates = [target - 12 * HOUR_MS, target + 12 * HOUR_MS]
    .map((probe) => target - (wallClockMs(probe, timeZone) - Math.floor(probe / 1000) * 1000))
    .filter((instant) => wallClockMs(instant, timeZone) >= target)
    .sort((a, b) => a - b);
  return new Date(candidates[0] as number);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayKey = (w: Pick<Wall, 'y' | 'm' | 'd'>) => `${pad(w.y, 4)}-${pad(w.m)}-${pad(w.d)}`;

/** Calendar arithmetic on wall dates (no zone involved). */
function shiftDays(w: Wall, days: number): Wall {
  const t = new Date(Date.UTC(w.y, w.m - 1, w.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate(), h: 0, min: 0 };
}
const monthStart = (y: number, m: number): Wall =>
  m > 12 ? { y: y + 1, m: m - 12, d: 1, h: 0, min: 0 } : { y, m, d: 1, h: 0, min: 0 };

/** The wall times a period of this kind containing `w` starts and ends at, and its key. */
function bounds(kind: PeriodKind, w: Wall): { key: string; from: Wall; to: Wall } {
  const midnight: Wall = { ...w, h: 0, min: 0 };
  switch (kind) {
    case 'D':
      return { key: dayKey(w), from: midnight, to: shiftDays(w, 1) };
    case 'W': {
      // Monday start: getUTCDay is 0 on Sunday.
      const weekday = (new Date(Date.UTC(w.y, w.m - 1, w.d)).getUTCDay() + 6) % 7;
      const from = shiftDays(w, -weekday);
      return { key: `W${dayKey(from)}`, from, to: shiftDays(from, 7) };
    }
    case 'H': {
      const from: Wall = { ...midnight, d: w.d < 16 ? 1 : 16 };
      const to = w.d < 16 ? { ...midnight, d: 16 } : monthStart(w.y, w.m + 1);
      return { key: `H${dayKey(from)}`, from, to };
    }
    case 'M':
      return { key: `${pad(w.y, 4)}-${pad(w.m)}`, from: monthStart(w.y, w.m), to: monthStart(w.y, w.m + 1) };
    case 'hour': {
      const from: Wall = { ...w, min: 0 };
      const next = new Date(Date.UTC(w.y, w.m - 1, w.d, w.h + 1));
      return { key: `${dayKey(w)}T${pad(w.h)}`, from, to: wallFromUtcFields(next) };
    }
    case '5min': {
      const min = w.min - (w.min % 5);
      const next = new Date(Date.UTC(w.y, w.m - 1, w.d, w.h, min + 5));
      return {
        key: `${dayKey(w)}T${pad(w.h)}:${pad(min)}`,
        from: { ...w, min },
        to: wallFromUtcFields(next),
      };
    }
  }
}

const wallFromUtcFields = (t: Date): Wall => ({
  y: t.getUTCFullYear(),
  m: t.getUTCMonth() + 1,
  d: t.getUTCDate(),
  h: t.getUTCHours(),
  min: t.getUTCMinutes(),
});

/** The period of this kind an instant falls in, on the zone's wall clock. */
export function periodAt(kind: PeriodKind, instant: Date, timeZone: string): Period {
  const { key, from, to } = bounds(kind, wallOf(instant.getTime(), timeZone));
  return { kind, key, start: instantOfWall(from, timeZone), end: instantOfWall(to, timeZone) };
}

/** The period right after this one. */
export const nextPeriod = (period: Period, timeZone: string): Period =>
  periodAt(period.kind, period.end, timeZone);

/**
 * Periods that have ended by `now`, oldest first, starting after `lastSettledKey`'s period (or with
 * the one containing `since` when nothing was settled yet): the catch-up list after a stop.
 */
export function periodsDue(
  kind: PeriodKind,
  timeZone: string,
  now: Date,
  since: Date,
  lastSettled: Period | null,
  limit = 10_000,
): Period[] {
  const due: Period[] = [];
  let period = lastSettled ? nextPeriod(lastSettled, timeZone) : periodAt(kind, since, timeZone);
  while (period.end.getTime() <= now.getTime() && due.length < limit) {
    due.push(period);
    period = nextPeriod(period, timeZone);
  }
  return due;
}

/** The period kind a contract settles by. */
export function periodKindOf(terms: ContractTerms): PeriodKind {
  switch (terms.kind) {
    case 'dividend':
      return terms.period;
    case 'dailySalary':
      return 'D';
    case 'hourlySalary':
      return 'hour';
    case 'realtimeSalary':
      return '5min';
  }
}
