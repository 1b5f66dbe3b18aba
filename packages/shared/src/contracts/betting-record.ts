import { z } from 'zod';
import { envelopeOf } from '../envelope';
import { currencySchema } from '../money';
import { gameTypes, maxPageSize } from './games';

/**
 * GET /wps/relay/bettingRecord (token): the member's own game rounds (the personalHistoryCopy page).
 * Dates are calendar days in the merchant's time zone. The range must lie within the last
 * `bettingRecordMaxDays` days (startDate no earlier than today minus that many days, endDate no later
 * than today) and span at most that many days; the spec's picker steps by 7 and 30 days.
 */
export const bettingRecordMaxDays = 30;
/** Without dates: the last 7 days, today included. */
export const bettingRecordDefaultDays = 7;
export const defaultBettingRecordPageSize = 20;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const intParam = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
/** yyyy-MM-dd, a real calendar day. */
const dayParam = z.iso.date();

export const bettingRecordQuerySchema = z.object({
  startDate: optional(dayParam),
  endDate: optional(dayParam),
  gameType: optional(
    z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
      z.enum(gameTypes),
    ),
  ),
  pageNo: z.preprocess(blankToUndefined, intParam(1, 100_000).default(1)),
  pageSize: z.preprocess(blankToUndefined, intParam(1, maxPageSize).default(defaultBettingRecordPageSize)),
  // Caller descriptors the client sends on every call: accepted and ignored.
  clientType: optional(intParam(0, 99)),
  platform: optional(z.string().max(100)),
  language: optional(z.string().max(16)),
  lang: optional(z.string().max(16)),
});
export type BettingRecordQuery = z.infer<typeof bettingRecordQuerySchema>;

export const bettingRoundStatuses = ['OPEN', 'CLOSED', 'CANCELLED'] as const;

export const bettingRecordItemSchema = z.object({
  roundId: z.string(),
  /** In the caller's language, EN when missing. */
  gameName: z.string(),
  gameType: z.enum(gameTypes),
  /** The game's catalogue vendor. */
  vassalage: z.string(),
  gameCode: z.string(),
  /** Minor units: live bets of the round, wins, and payout minus stake (the member's side). */
  stake: z.number().int(),
  payout: z.number().int(),
  profit: z.number().int(),
  /** OPEN while the game may still pay; CANCELLED when every bet was refunded. */
  status: z.enum(bettingRoundStatuses),
  /** ISO 8601 instants. */
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type BettingRecordItem = z.infer<typeof bettingRecordItemSchema>;

export const bettingRecordPageSchema = z.object({
  content: z.array(bettingRecordItemSchema),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  /** Over every round the filters select, not only this page. */
  totals: z.object({ stake: z.number().int(), payout: z.number().int(), profit: z.number().int() }),
  currency: currencySchema,
  /** The range answered (the defaults filled in), in the merchant's time zone. */
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
});
export type BettingRecordPage = z.infer<typeof bettingRecordPageSchema>;
export const bettingRecordEnvelope = envelopeOf(bettingRecordPageSchema);
