import {
  addDays,
  type BonusDetailQuery,
  type Currency,
  currencyInfo,
  dayIn,
  type Merchant,
  type MovementPage,
  merchantByCode,
  type PersonalProfit,
  type PersonalProfitQuery,
  recordsDefaultDays,
  recordsMaxDays,
  startOfDayIn,
  type TransactionHistoryQuery,
  type WalletBalance,
} from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import { toSafeNumber } from '../../lib/bigint';
import type { SessionMember } from '../auth/auth.service';
import type { LedgerService, MovementFilter } from '../ledger/ledger.service';
import type { RecordsRepository } from './records.repository';

export const merchantOfMember = (member: { merchant_code: string }): Merchant =>
  merchantByCode(member.merchant_code);

export type DayRange = { startDate: string; endDate: string; from: Date; to: Date; timeZone: string };

const maxDay = (a: string, b: string) => (a > b ? a : b);

/**
 * A record's date range in the merchant's time zone: within the last `recordsMaxDays` days, the last
 * `recordsDefaultDays` days when not given. Bad ranges are a 400 naming the field.
 */
export function resolveDayRange(
  merchant: Merchant,
  query: { startDate?: string | undefined; endDate?: string | undefined },
  now: Date,
): DayRange {
  const timeZone = merchant.timeZone;
  const today = dayIn(now, timeZone);
  const earliest = addDays(today, -recordsMaxDays);
  const endDate = query.endDate ?? today;
  const startDate = query.startDate ?? maxDay(addDays(endDate, 1 - recordsDefaultDays), earliest);
  if (startDate < earliest)
    throw AppError.field('startDate', 'validation:date_too_early', { date: earliest });
  if (endDate > today) throw AppError.field('endDate', 'validation:date_too_late', { date: today });
  if (endDate < startDate) throw AppError.field('endDate', 'validation:date_too_early', { date: startDate });
  return {
    startDate,
    endDate,
    from: startOfDayIn(startDate, timeZone),
    to: startOfDayIn(addDays(endDate, 1), timeZone),
    timeZone,
  };
}

/**
 * The member's wallet reads: balance, account record (transactionHistory), bonus details and profit
 * and loss (personalProfit). Every read is of the calling member's own accounts and rounds.
 */
export class RecordsService {
  constructor(
    private readonly repository: RecordsRepository,
    private readonly ledger: LedgerService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async balance(member: SessionMember): Promise<WalletBalance> {
    const { currency } = merchantOfMember(member);
    const balances = await this.ledger.memberBalances(member.id.toString(), currency);
    const of = (kind: 'cash' | 'bonus' | 'locked') => toSafeNumber(balances[kind]);
    return {
      balance: of('cash'),
      bonus: of('bonus'),
      locked: of('locked'),
      currency,
      currencySymbol: currencyInfo[currency].symbol,
    };
  }

  transactionHistory(member: SessionMember, query: TransactionHistoryQuery): Promise<MovementPage> {
    return this.movementPage(member, 'cash', query, query.type ?? null);
  }

  bonusDetail(member: SessionMember, query: BonusDetailQuery): Promise<MovementPage> {
    return this.movementPage(member, 'bonus', query, null);
  }

  async personalProfit(member: SessionMember, query: PersonalProfitQuery): Promise<PersonalProfit> {
    const merchant = merchantOfMember(member);
    const range = resolveDayRange(merchant, query, this.now());
    const rows = await this.repository.profitByDay({
      memberId: member.id,
      from: range.from,
      to: range.to,
      gameType: query.gameType ?? null,
      timeZone: range.timeZone,
    });
    const totals = { stake: 0n, payout: 0n, rounds: 0 };
    const content = rows.map((row) => {
      totals.stake += row.stake;
      totals.payout += row.payout;
      totals.rounds += row.rounds;
      return {
        date: row.day,
        gameType: row.game_type,
        stake: toSafeNumber(row.stake),
        payout: toSafeNumber(row.payout),
        profit: toSafeNumber(row.payout - row.stake),
        rounds: row.rounds,
      };
    });
    return {
      content,
      totals: {
        stake: toSafeNumber(totals.stake),
        payout: toSafeNumber(totals.payout),
        profit: toSafeNumber(totals.payout - totals.stake),
        rounds: totals.rounds,
      },
      currency: merchant.currency,
      startDate: range.startDate,
      endDate: range.endDate,
      timeZone: range.timeZone,
    };
  }

  private async movementPage(
    member: SessionMember,
    kind: 'cash' | 'bonus',
    query: { startDate?: string | undefined; endDate?: string | undefined; pageNo: number; pageSize: number },
    type: MovementFilter['type'],
  ): Promise<MovementPage> {
    const merchant = merchantOfMember(member);
    const range = resolveDayRange(merchant, query, this.now());
    const accountId = await this.memberAccount(member, kind, merchant.currency);
    const filter = { accountId, from: range.from, to: range.to, type };
    const { total, rows } = await this.ledger.movements(filter, {
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    });
    return {
      content: rows.map((row) => ({
        id: row.id.toString(),
        type: row.type,
        amount: toSafeNumber(row.amount),
        balanceAfter: toSafeNumber(row.balance_after),
        time: new Date(row.created_at).toISOString(),
        reference: row.reference,
      })),
      pageNum: query.pageNo,
      totalPages: Math.ceil(total / query.pageSize),
      total,
      currency: merchant.currency,
      startDate: range.startDate,
      endDate: range.endDate,
      timeZone: range.timeZone,
    };
  }

  private async memberAccount(member: SessionMember, kind: 'cash' | 'bonus', currency: Currency) {
    if (kind === 'cash') return this.ledger.cashAccountOf(member.id, currency);
    return (await this.ledger.openAccounts(member.id.toString(), currency))[kind];
  }
}
