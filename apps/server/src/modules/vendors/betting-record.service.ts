import {
  type BettingRecordPage,
  type BettingRecordQuery,
  bettingRecordDefaultDays,
  bettingRecordMaxDays,
  defaultMerchant,
  merchants,
} from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import type { SessionMember } from '../auth/auth.service';
import { localisedName } from '../games/games.service';
import type { BettingRecordRepository } from './betting-record.repository';

const DAY_MS = 86_400_000;

/** The calendar day (yyyy-MM-dd) an instant falls on in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a calendar day starts in a time zone (midnight there), DST included. */
export function startOfDayIn(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const guess = midnightUtc - offsetAt(midnightUtc, timeZone);
  return new Date(midnightUtc - offsetAt(guess, timeZone));
}

export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const statusNames = { open: 'OPEN', closed: 'CLOSED', cancelled: 'CANCELLED' } as const;

/** The betting record (personalHistoryCopy): a member's own rounds, by day in the merchant's zone. */
export class BettingRecordService {
  constructor(
    private readonly repository: BettingRecordRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(member: SessionMember, query: BettingRecordQuery, language: string): Promise<BettingRecordPage> {
    const merchant = merchants.find((m) => m.merchantCode === member.merchant_code) ?? defaultMerchant;
    const timeZone = merchant.timeZone;
    const today = dayIn(this.now(), timeZone);
    const earliest = addDays(today, -bettingRecordMaxDays);
    const endDate = query.endDate ?? today;
    const startDate = query.startDate ?? maxDay(addDays(endDate, 1 - bettingRecordDefaultDays), earliest);
    // Oldest allowed start and newest allowed end bound the span too: at most bettingRecordMaxDays.
    if (startDate < earliest)
      throw AppError.field('startDate', 'validation:date_too_early', { date: earliest });
    if (endDate > today) throw AppError.field('endDate', 'validation:date_too_late', { date: today });
    if (endDate < startDate)
      throw AppError.field('endDate', 'validation:date_too_early', { date: startDate });

    const filter = {
      memberId: member.id,
      from: startOfDayIn(startDate, timeZone),
      to: startOfDayIn(addDays(endDate, 1), timeZone),
      gameType: query.gameType,
    };
    const totals = await this.repository.totals(filter);
    const rows = totals.total
      ? await this.repository.list(filter, {
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        })
      : [];
    return {
      content: rows.map((row) => ({
        roundId: row.round_id,
        gameName: row.names ? localisedName(row.names, language) : row.game_code,
        gameType: row.game_type,
        vassalage: row.vassalage,
        gameCode: row.game_code,
        stake: Number(row.stake),
        payout: Number(row.payout),
        profit: Number(row.payout - row.stake),
        status: statusNames[row.status],
        openedAt: new Date(row.opened_at).toISOString(),
        closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
      })),
      pageNum: query.pageNo,
      totalPages: Math.ceil(totals.total / query.pageSize),
      total: totals.total,
      totals: {
        stake: Number(totals.stake),
        payout: Number(totals.payout),
        profit: Number(totals.payout - totals.stake),
      },
      currency: merchant.currency,
      startDate,
      endDate,
      timeZone,
    };
  }
}

const maxDay = (a: string, b: string) => (a > b ? a : b);
