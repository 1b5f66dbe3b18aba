import { z } from 'zod';
import { envelopeOf } from '../envelope';
import { currencySchema } from '../money';
import { gameTypes, maxPageSize } from './games';
import { bigintIdSchema } from './ledger';

/**
 * The agent centre's team reads (spec sections 2, 6 and 7; issue 13): team overview, downline list,
 * team betting, user profit and loss and the downline transaction details. Only agents (member types
 * 1, 2, 41, 42) may call them, and every answer is about the caller's own team (all levels below
 * them): a member id outside it is answered as not found.
 *
 * Amounts are integers in minor units; days are yyyy-MM-dd in the merchant's time zone.
 */

/** Member types of agents (spec section 3). */
export const agentMemberTypes = [1, 2, 41, 42] as const;
export const isAgentType = (type: number) => (agentMemberTypes as readonly number[]).includes(type);

/** Team betting, profit and loss and transactions: the spec's picker, within the last 30 days. */
export const agentRecordsMaxDays = 30;
export const agentRecordsDefaultDays = 7;
/** The overview's picked range and charts reach back this far (90 days of history). */
export const agentOverviewMaxDays = 90;
/** The overview's charts cover this many days ending today when no range is picked. */
export const agentChartDefaultDays = 30;
export const defaultAgentPageSize = 20;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const intParam = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const dayParam = z.iso.date();
const pageNo = z.preprocess(blankToUndefined, intParam(1, 100_000).default(1));
const pageSize = z.preprocess(blankToUndefined, intParam(1, maxPageSize).default(defaultAgentPageSize));
const memberIdParam = bigintIdSchema('must be a member id');
const usernameParam = z.string().trim().min(1).max(32);
const range = { startDate: optional(dayParam), endDate: optional(dayParam) };
/** Caller descriptors the client sends on every call: accepted and ignored. */
const descriptors = {
  clientType: optional(intParam(0, 99)),
  platform: optional(z.string().max(100)),
  language: optional(z.string().max(16)),
  lang: optional(z.string().max(16)),
  merchantCode: optional(z.string().max(8)),
};

/** The sums of one period. netProfitLoss is the members' result: wins + bonus - valid turnover. */
export const teamFiguresSchema = z.object({
  newRegistrations: z.number().int(),
  firstDepositors: z.number().int(),
  activeMembers: z.number().int(),
  deposits: z.number().int(),
  depositCount: z.number().int(),
  withdrawals: z.number().int(),
  withdrawalCount: z.number().int(),
  validTurnover: z.number().int(),
  wins: z.number().int(),
  bonus: z.number().int(),
  rounds: z.number().int(),
  netProfitLoss: z.number().int(),
});
export type TeamFigures = z.infer<typeof teamFiguresSchema>;

/** GET /wps/agent/team/overview (token, agents). startDate/endDate pick the `range` period. */
export const teamOverviewQuerySchema = z.object({ ...range, ...descriptors });
export type TeamOverviewQuery = z.infer<typeof teamOverviewQuerySchema>;

export const teamOverviewSchema = z.object({
  teamSize: z.object({ direct: z.number().int(), total: z.number().int() }),
  today: teamFiguresSchema,
  yesterday: teamFiguresSchema,
  thisWeek: teamFiguresSchema,
  thisMonth: teamFiguresSchema,
  /** The picked range; without one, this month so far (the charts then cover the last 30 days). */
  range: teamFiguresSchema.extend({ startDate: z.string(), endDate: z.string() }),
  /** One point a day over the range: team size at the day's end and that day's registrations. */
  teamGrowth: z.array(
    z.object({ date: z.string(), teamSize: z.number().int(), newRegistrations: z.number().int() }),
  ),
  dailyTurnover: z.array(
    z.object({ date: z.string(), validTurnover: z.number().int(), netProfitLoss: z.number().int() }),
  ),
  currency: currencySchema,
  timeZone: z.string(),
  todayDate: z.string(),
});
export type TeamOverview = z.infer<typeof teamOverviewSchema>;
export const teamOverviewEnvelope = envelopeOf(teamOverviewSchema);

export const downlineStatuses = ['active', 'blocked'] as const;

/**
 * GET /wps/agent/team/downlines (token, agents): the team, or with parentId the direct downlines of
 * one member of the team (drill down a level). level is the depth below the caller (1 = direct).
 */
export const downlineListQuerySchema = z.object({
  parentId: optional(memberIdParam),
  username: optional(usernameParam),
  level: optional(intParam(1, 1000)),
  type: optional(
    z.coerce
      .number()
      .int()
      .pipe(z.union([z.literal(0), ...agentMemberTypes.map((t) => z.literal(t))])),
  ),
  status: optional(z.enum(downlineStatuses)),
  pageNo,
  pageSize,
  ...descriptors,
});
export type DownlineListQuery = z.infer<typeof downlineListQuerySchema>;

export const downlineSchema = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  level: z.number().int(),
  status: z.enum(downlineStatuses),
  balance: z.number().int(),
  directDownlines: z.number().int(),
  lastLogin: z.string().nullable(),
  registered: z.string(),
});
export type Downline = z.infer<typeof downlineSchema>;

export const downlinePageSchema = z.object({
  content: z.array(downlineSchema),
  /** Whose direct downlines these are when drilling down; null for the whole team. */
  parent: z.object({ id: z.string(), username: z.string(), level: z.number().int() }).nullable(),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  currency: currencySchema,
});
export type DownlinePage = z.infer<typeof downlinePageSchema>;
export const downlinePageEnvelope = envelopeOf(downlinePageSchema);

/** GET /wps/agent/team/betting (token, agents): the team's game rounds, newest first. */
export const teamBettingQuerySchema = z.object({
  memberId: optional(memberIdParam),
  username: optional(usernameParam),
  gameType: optional(z.enum(gameTypes)),
  ...range,
  pageNo,
  pageSize,
  ...descriptors,
});
export type TeamBettingQuery = z.infer<typeof teamBettingQuerySchema>;

export const teamRoundSchema = z.object({
  memberId: z.string(),
  username: z.string(),
  roundId: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  gameType: z.string(),
  stake: z.number().int(),
  payout: z.number().int(),
  profit: z.number().int(),
  status: z.enum(['open', 'closed', 'cancelled']),
  openedAt: z.string(),
});

export const teamBettingPageSchema = z.object({
  content: z.array(teamRoundSchema),
  totals: z.object({
    stake: z.number().int(),
    payout: z.number().int(),
    profit: z.number().int(),
    rounds: z.number().int(),
  }),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  currency: currencySchema,
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
});
export type TeamBettingPage = z.infer<typeof teamBettingPageSchema>;
export const teamBettingPageEnvelope = envelopeOf(teamBettingPageSchema);

/** GET /wps/agent/team/profitLoss (token, agents): per downline, day and game type. */
export const teamProfitLossQuerySchema = teamBettingQuerySchema;
export type TeamProfitLossQuery = TeamBettingQuery;

export const teamProfitLossRowSchema = z.object({
  memberId: z.string(),
  username: z.string(),
  date: z.string(),
  gameType: z.string(),
  validTurnover: z.number().int(),
  wins: z.number().int(),
  /** The member's result: wins - valid turnover. */
  profit: z.number().int(),
  rounds: z.number().int(),
});

export const teamProfitLossPageSchema = z.object({
  content: z.array(teamProfitLossRowSchema),
  totals: z.object({
    validTurnover: z.number().int(),
    wins: z.number().int(),
    profit: z.number().int(),
    rounds: z.number().int(),
  }),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  currency: currencySchema,
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
});
export type TeamProfitLossPage = z.infer<typeof teamProfitLossPageSchema>;
export const teamProfitLossPageEnvelope = envelopeOf(teamProfitLossPageSchema);

export const teamTransactionTypes = ['deposit', 'withdrawal', 'transfer'] as const;
export type TeamTransactionType = (typeof teamTransactionTypes)[number];

/** GET /wps/agent/team/transactions (token, agents): deposits, withdrawals and transfers of the team. */
export const teamTransactionsQuerySchema = z.object({
  memberId: optional(memberIdParam),
  username: optional(usernameParam),
  type: optional(z.enum(teamTransactionTypes)),
  ...range,
  pageNo,
  pageSize,
  ...descriptors,
});
export type TeamTransactionsQuery = z.infer<typeof teamTransactionsQuerySchema>;

export const teamTransactionSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  username: z.string(),
  type: z.enum(teamTransactionTypes),
  /** Into the member's main wallet when positive, out of it when negative. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  time: z.string(),
  reference: z.string(),
});

export const teamTransactionsPageSchema = z.object({
  content: z.array(teamTransactionSchema),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  currency: currencySchema,
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
});
export type TeamTransactionsPage = z.infer<typeof teamTransactionsPageSchema>;
export const teamTransactionsPageEnvelope = envelopeOf(teamTransactionsPageSchema);
