import {
  addDays,
  agentChartDefaultDays,
  agentOverviewMaxDays,
  agentRecordsDefaultDays,
  agentRecordsMaxDays,
  type DownlineListQuery,
  type DownlinePage,
  dayIn,
  isAgentType,
  type Merchant,
  merchantByCode,
  startOfDayIn,
  type TeamBettingPage,
  type TeamBettingQuery,
  type TeamFigures,
  type TeamOverview,
  type TeamOverviewQuery,
  type TeamProfitLossPage,
  type TeamProfitLossQuery,
  type TeamTransactionsPage,
  type TeamTransactionsQuery,
  type TeamTransactionType,
  teamTransactionTypes,
} from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import { toSafeNumber } from '../../lib/bigint';
import type { SessionMember } from '../auth/auth.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { AgentsRepository, TeamMemberRow, TeamPeriodRow } from './agents.repository';
import { monthStart, weekStart } from './periods';

/** The later of two yyyy-MM-dd days (they compare as strings). */
const laterDay = (a: string, b: string) => (a > b ? a : b);

type Range = { startDate: string; endDate: string; from: Date; to: Date };

/**
 * A day range in the merchant's time zone, no earlier than `maxDays` before today and no later than
 * today; `defaultDays` ending today when not given. Bad ranges are a 400 naming the field.
 */
function resolveRange(
  today: string,
  timeZone: string,
  query: { startDate?: string | undefined; endDate?: string | undefined },
  maxDays: number,
  defaultDays: number,
): Range {
  const earliest = addDays(today, -maxDays);
  const endDate = query.endDate ?? today;
  const fallbackStart = addDays(endDate, 1 - defaultDays);
  const startDate = query.startDate ?? laterDay(fallbackStart, earliest);
  if (startDate < earliest)
    throw AppError.field('startDate', 'validation:date_too_early', { date: earliest });
  if (endDate > today) throw AppError.field('endDate', 'validation:date_too_late', { date: today });
  if (endDate < startDate) throw AppError.field('endDate', 'validation:date_too_early', { date: startDate });
  return {
    startDate,
    endDate,
    from: startOfDayIn(startDate, timeZone),
    to: startOfDayIn(addDays(endDate, 1), timeZone),
  };
}

const n = toSafeNumber;
const pages = (total: number, pageSize: number) => Math.ceil(total / pageSize);

/** Sums of team period rows as the overview's figures (registrations are added by the caller). */
function figuresOf(rows: TeamPeriodRow[], activeMembers?: number): Omit<TeamFigures, 'newRegistrations'> {
  let validTurnover = 0n;
  let wins = 0n;
  let deposits = 0n;
  let withdrawals = 0n;
  let bonus = 0n;
  let depositCount = 0;
  let withdrawalCount = 0;
  let rounds = 0;
  let firstDepositors = 0;
  let active = 0;
  for (const row of rows) {
    validTurnover += row.valid_turnover;
    wins += row.wins;
    deposits += row.deposits;
    withdrawals += row.withdrawals;
    bonus += row.bonuses;
    depositCount += row.deposit_count;
    withdrawalCount += row.withdrawal_count;
    rounds += row.rounds;
    firstDepositors += row.first_depositors;
    active += row.active_members;
  }
  return {
    firstDepositors,
    activeMembers: activeMembers ?? active,
    deposits: n(deposits),
    depositCount,
    withdrawals: n(withdrawals),
    withdrawalCount,
    validTurnover: n(validTurnover),
    wins: n(wins),
    bonus: n(bonus),
    rounds,
    netProfitLoss: n(wins + bonus - validTurnover),
  };
}

/**
 * The agent centre's team reads. Every call first checks the caller is an agent (403 otherwise) and
 * narrows to the caller's own team: a member id or username outside it is a 404, the same answer as
 * for a member that does not exist, so nothing tells the two apart.
 */
export class TeamService {
  constructor(
    private readonly repository: AgentsRepository,
    private readonly ledger: LedgerService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async overview(member: SessionMember, query: TeamOverviewQuery): Promise<TeamOverview> {
    const { merchant, agentId } = this.agent(member);
    const timeZone = merchant.timeZone;
    const today = dayIn(this.now(), timeZone);
    const yesterday = addDays(today, -1);
    const week = weekStart(today);
    const month = monthStart(today);
    const isPicked = query.startDate !== undefined || query.endDate !== undefined;
    // Figures: the picked range, else this month. Charts: the picked range, else the last 30 days.
    const figuresRange = isPicked
      ? resolveRange(today, timeZone, query, agentOverviewMaxDays, agentChartDefaultDays)
      : resolveRange(today, timeZone, { startDate: month }, agentOverviewMaxDays, 1);
    const chartRange = isPicked
      ? figuresRange
      : resolveRange(today, timeZone, {}, agentOverviewMaxDays, agentChartDefaultDays);
    const earliest = [
      figuresRange.startDate,
      chartRange.startDate,
      week,
      month,
      yesterday,
    ].sort()[0] as string;

    const [teamSize, periodRows, joined, rangeActive] = await Promise.all([
      this.repository.teamSize(agentId),
      this.repository.teamPeriods(agentId, earliest, today, week, month),
      this.repository.registrationsByDay(
        agentId,
        startOfDayIn(earliest, timeZone),
        startOfDayIn(addDays(today, 1), timeZone),
        timeZone,
      ),
      isPicked && figuresRange.startDate !== figuresRange.endDate
        ? this.repository.activeMembersBetween(agentId, figuresRange.startDate, figuresRange.endDate)
        : Promise.resolve(undefined),
    ]);

    const days = new Map<string, TeamPeriodRow>();
    for (const row of periodRows) if (row.period === 'D') days.set(row.period_start, row);
    const joinedOn = new Map(joined.map((j) => [j.day, j.joined]));
    const daysBetween = (start: string, end: string) => {
      const list: string[] = [];
      for (let day = start; day <= end; day = addDays(day, 1)) list.push(day);
      return list;
    };
    const registrations = (start: string, end: string) =>
      daysBetween(start, end).reduce((sum, day) => sum + (joinedOn.get(day) ?? 0), 0);
    const dayRows = (start: string, end: string) =>
      daysBetween(start, end).flatMap((day) => (days.has(day) ? [days.get(day) as TeamPeriodRow] : []));
    const figures = (rows: TeamPeriodRow[], start: string, end: string, active?: number): TeamFigures => ({
      newRegistrations: registrations(start, end),
      ...figuresOf(rows, active),
    });
    const periodRow = (period: 'W' | 'M') => periodRows.filter((r) => r.period === period);

    const rangeFigures = isPicked
      ? figures(
          dayRows(figuresRange.startDate, figuresRange.endDate),
          figuresRange.startDate,
          figuresRange.endDate,
          rangeActive,
        )
      : figures(periodRow('M'), month, today);

    // Team size at the end of each chart day: today's size less those who joined after that day.
    const chartDays = daysBetween(chartRange.startDate, chartRange.endDate);
    let joinedAfter = registrations(addDays(chartRange.endDate, 1), today);
    const teamGrowth = chartDays
      .slice()
      .reverse()
      .map((day) => {
        const point = {
          date: day,
          teamSize: teamSize.total - joinedAfter,
          newRegistrations: joinedOn.get(day) ?? 0,
        };
        joinedAfter += point.newRegistrations;
        return point;
      })
      .reverse();

    return {
      teamSize,
      today: figures(dayRows(today, today), today, today),
      yesterday: figures(dayRows(yesterday, yesterday), yesterday, yesterday),
      thisWeek: figures(periodRow('W'), week, today),
      thisMonth: figures(periodRow('M'), month, today),
      range: { ...rangeFigures, startDate: figuresRange.startDate, endDate: figuresRange.endDate },
      teamGrowth,
      dailyTurnover: chartDays.map((day) => {
        const row = days.get(day);
        const turnover = row?.valid_turnover ?? 0n;
        return {
          date: day,
          validTurnover: n(turnover),
          netProfitLoss: n((row?.wins ?? 0n) + (row?.bonuses ?? 0n) - turnover),
        };
      }),
      currency: merchant.currency,
      timeZone,
      todayDate: today,
    };
  }

  async downlines(member: SessionMember, query: DownlineListQuery): Promise<DownlinePage> {
    const { merchant, agentId } = this.agent(member);
    let parent: TeamMemberRow | null = null;
    if (query.parentId !== undefined) {
      const parentId = BigInt(query.parentId);
      // The agent's own direct downlines are the top level; anyone else must be in the team.
      parent =
        parentId === agentId ? null : ((await this.repository.teamMemberById(agentId, parentId)) ?? null);
      if (parentId !== agentId && !parent) throw new AppError(404, 'NOT_IN_TEAM');
    }
    const filter = {
      agentId,
      parentId: query.parentId !== undefined ? BigInt(query.parentId) : null,
      username: query.username ?? null,
      level: query.level ?? null,
      type: query.type ?? null,
      blocked: query.status === undefined ? null : query.status === 'blocked',
    };
    const total = await this.repository.countDownlines(filter);
    const rows = total
      ? await this.repository.downlines(filter, {
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        })
      : [];
    const balances = await this.ledger.cashBalancesOf(
      rows.map((row) => row.id.toString()),
      merchant.currency,
    );
    return {
      content: rows.map((row) => ({
        id: row.id.toString(),
        username: row.username,
        nickname: row.nickname,
        type: row.type,
        level: row.level,
        status: row.blocked ? 'blocked' : 'active',
        balance: n(balances.get(row.id.toString()) ?? 0n),
        directDownlines: row.direct_downlines,
        lastLogin: row.last_login ? new Date(row.last_login).toISOString() : null,
        registered: new Date(row.created_at).toISOString(),
      })),
      parent: parent ? { id: parent.id.toString(), username: parent.username, level: parent.level } : null,
      pageNum: query.pageNo,
      totalPages: pages(total, query.pageSize),
      total,
      currency: merchant.currency,
    };
  }

  async betting(member: SessionMember, query: TeamBettingQuery): Promise<TeamBettingPage> {
    const { merchant, agentId, range } = this.recordsWindow(member, query);
    const target = await this.teamMember(agentId, merchant, query);
    const window = {
      agentId,
      memberId: target?.id ?? null,
      from: range.from,
      to: range.to,
      gameType: query.gameType ?? null,
    };
    const totals = await this.repository.roundTotals(window);
    const rows = totals.rounds
      ? await this.repository.rounds(window, {
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        })
      : [];
    return {
      content: rows.map((row) => ({
        memberId: row.member_id.toString(),
        username: row.username,
        roundId: row.round_id,
        vendor: row.vendor_code,
        gameCode: row.game_code,
        gameType: row.game_type,
        stake: n(row.stake),
        payout: n(row.payout),
        profit: n(row.payout - row.stake),
        status: row.status,
        openedAt: new Date(row.opened_at).toISOString(),
      })),
      totals: {
        stake: n(totals.stake),
        payout: n(totals.payout),
        profit: n(totals.payout - totals.stake),
        rounds: totals.rounds,
      },
      pageNum: query.pageNo,
      totalPages: pages(totals.rounds, query.pageSize),
      total: totals.rounds,
      currency: merchant.currency,
      startDate: range.startDate,
      endDate: range.endDate,
      timeZone: merchant.timeZone,
    };
  }

  async profitLoss(member: SessionMember, query: TeamProfitLossQuery): Promise<TeamProfitLossPage> {
    const { merchant, agentId, range } = this.recordsWindow(member, query);
    const target = await this.teamMember(agentId, merchant, query);
    const filter = {
      agentId,
      memberId: target?.id ?? null,
      fromDay: range.startDate,
      toDay: range.endDate,
      gameType: query.gameType ?? null,
    };
    const totals = await this.repository.profitLossTotals(filter);
    const rows = totals.rows
      ? await this.repository.profitLoss(filter, {
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        })
      : [];
    return {
      content: rows.map((row) => ({
        memberId: row.member_id.toString(),
        username: row.username,
        date: row.day,
        gameType: row.game_type,
        validTurnover: n(row.valid_turnover),
        wins: n(row.wins),
        profit: n(row.wins - row.valid_turnover),
        rounds: row.rounds,
      })),
      totals: {
        validTurnover: n(totals.valid_turnover),
        wins: n(totals.wins),
        profit: n(totals.wins - totals.valid_turnover),
        rounds: totals.rounds,
      },
      pageNum: query.pageNo,
      totalPages: pages(totals.rows, query.pageSize),
      total: totals.rows,
      currency: merchant.currency,
      startDate: range.startDate,
      endDate: range.endDate,
      timeZone: merchant.timeZone,
    };
  }

  async transactions(member: SessionMember, query: TeamTransactionsQuery): Promise<TeamTransactionsPage> {
    const { merchant, agentId, range } = this.recordsWindow(member, query);
    const target = await this.teamMember(agentId, merchant, query);
    const { total, rows } = await this.ledger.membersMovements(
      {
        memberIds: await this.repository.teamMemberIds(agentId, target?.id ?? null),
        currency: merchant.currency,
        from: range.from,
        to: range.to,
        types: query.type ? [query.type] : [...teamTransactionTypes],
      },
      { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize },
    );
    const usernames = new Map(
      (await this.repository.usernamesOf([...new Set(rows.map((row) => row.member_id))])).map((m) => [
        m.id.toString(),
        m.username,
      ]),
    );
    return {
      content: rows.map((row) => ({
        id: row.id.toString(),
        memberId: row.member_id,
        username: usernames.get(row.member_id) ?? '',
        type: row.type as TeamTransactionType,
        amount: n(row.amount),
        balanceAfter: n(row.balance_after),
        time: new Date(row.created_at).toISOString(),
        reference: row.reference,
      })),
      pageNum: query.pageNo,
      totalPages: pages(total, query.pageSize),
      total,
      currency: merchant.currency,
      startDate: range.startDate,
      endDate: range.endDate,
      timeZone: merchant.timeZone,
    };
  }

  /** The caller as an agent, or a 403 (trial accounts and plain members alike). */
  private agent(member: SessionMember): { merchant: Merchant; agentId: bigint } {
    if (!isAgentType(member.type)) throw new AppError(403, 'AGENT_ONLY');
    return { merchant: merchantByCode(member.merchant_code), agentId: BigInt(member.id) };
  }

  private recordsWindow(
    member: SessionMember,
    query: { startDate?: string | undefined; endDate?: string | undefined },
  ) {
    const { merchant, agentId } = this.agent(member);
    const today = dayIn(this.now(), merchant.timeZone);
    const range = resolveRange(today, merchant.timeZone, query, agentRecordsMaxDays, agentRecordsDefaultDays);
    return { merchant, agentId, range };
  }

  /** The one team member a read is narrowed to (by id or username), or null for the whole team. */
  private async teamMember(
    agentId: bigint,
    merchant: Merchant,
    query: { memberId?: string | undefined; username?: string | undefined },
  ): Promise<TeamMemberRow | null> {
    let row: TeamMemberRow | undefined;
    if (query.memberId !== undefined)
      row = await this.repository.teamMemberById(agentId, BigInt(query.memberId));
    else if (query.username !== undefined)
      row = await this.repository.teamMemberByUsername(agentId, merchant.merchantCode, query.username);
    else return null;
    if (!row) throw new AppError(404, 'NOT_IN_TEAM');
    if (
      query.memberId !== undefined &&
      query.username !== undefined &&
      row.username.toLowerCase() !== query.username.toLowerCase()
    )
      throw new AppError(404, 'NOT_IN_TEAM');
    return row;
  }
}
