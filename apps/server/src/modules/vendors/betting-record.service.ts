import {
  addDays,
  type BettingRecordPage,
  type BettingRecordQuery,
  bettingRecordDefaultDays,
  bettingRecordMaxDays,
  dayIn,
  merchantByCode,
  startOfDayIn,
} from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import type { SessionMember } from '../auth/auth.service';
import { localisedName } from '../games/games.service';
import type { BettingRecordRepository } from './betting-record.repository';

const statusNames = { open: 'OPEN', closed: 'CLOSED', cancelled: 'CANCELLED' } as const;

/** The betting record (personalHistoryCopy): a member's own rounds, by day in the merchant's zone. */
export class BettingRecordService {
  constructor(
    private readonly repository: BettingRecordRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(member: SessionMember, query: BettingRecordQuery, language: string): Promise<BettingRecordPage> {
    const merchant = merchantByCode(member.merchant_code);
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
