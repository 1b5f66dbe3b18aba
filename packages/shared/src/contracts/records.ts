import { z } from 'zod';
import { envelopeOf } from '../envelope';
import { amountMinorSchema, currencySchema } from '../money';
import { gameTypes, maxPageSize } from './games';
import { bigintIdSchema } from './ledger';

/**
 * The member's wallet and records (spec sections 2, 3, 6 and 7): balance, wallet mode and transfer
 * wallets, transfers to the upline and to downlines, the account record (transactionHistory),
 * profit and loss (personalProfit) and bonus details. Amounts are integers in minor units; the
 * client shows them with 2 decimals and `currencySymbol`.
 *
 * Record dates are calendar days (yyyy-MM-dd) in the merchant's time zone. The range must lie within
 * the last `recordsMaxDays` days (startDate no earlier than today minus that many days, endDate no
 * later than today, endDate not before startDate); the spec's picker steps by 7 and 30 days.
 */
export const recordsMaxDays = 30;
/** Without dates: the last 7 days, today included. */
export const recordsDefaultDays = 7;
export const defaultRecordsPageSize = 20;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const intParam = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
/** yyyy-MM-dd, a real calendar day. */
const dayParam = z.iso.date();
const pageNo = z.preprocess(blankToUndefined, intParam(1, 100_000).default(1));
const pageSize = z.preprocess(blankToUndefined, intParam(1, maxPageSize).default(defaultRecordsPageSize));
/** Caller descriptors the client sends on every call: accepted and ignored. */
const descriptors = {
  clientType: optional(intParam(0, 99)),
  platform: optional(z.string().max(100)),
  language: optional(z.string().max(16)),
  lang: optional(z.string().max(16)),
  merchantCode: optional(z.string().max(8)),
};

/**
 * The client's id for a money call (a UUID suits). A retry with the same id finds the first
 * transfer and moves nothing again; the same id with another amount or target is refused (409).
 */
export const requestIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '8–64 letters, digits, "_" or "-"' });

/** GET /wps/v2/wallets/balance (token). */
export const walletBalanceSchema = z.object({
  /** Main wallet (cash). */
  balance: z.number().int(),
  bonus: z.number().int(),
  /** Held for withdrawals in progress. */
  locked: z.number().int(),
  currency: currencySchema,
  currencySymbol: z.string(),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;
export const walletBalanceEnvelope = envelopeOf(walletBalanceSchema);

/**
 * What `/ws` pushes to the member after every committed movement of their cash or bonus account
 * (minor units). Never sent for a refused or rolled-back transfer.
 */
export const balanceEventSchema = z.object({
  type: z.literal('balance'),
  balance: z.number().int(),
  bonus: z.number().int(),
  currency: currencySchema,
});
export type BalanceEvent = z.infer<typeof balanceEventSchema>;

/** GET /wps/relay/merchantWallet: single wallet (seamless vendors) or transfer wallets per vendor. */
export const merchantWalletQuerySchema = z.object(descriptors);
export const merchantWalletEnvelope = envelopeOf(z.object({ isSingle: z.boolean() }));

/** The main wallet in walletTransfer's from/to; any other value is a vendor code (vassalage). */
export const mainWalletCode = 'MAIN';
const walletCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_]{2,32}$/, { error: 'MAIN or a vendor code' });

/** GET /wps/relay/vendorWallets (token): the wallet transfer page. Empty `wallets` when single. */
export const vendorWalletsSchema = z.object({
  isSingle: z.boolean(),
  currency: currencySchema,
  currencySymbol: z.string(),
  /** The main wallet's balance. */
  main: z.number().int(),
  wallets: z.array(z.object({ vendor: z.string(), name: z.string(), balance: z.number().int() })),
});
export type VendorWallets = z.infer<typeof vendorWalletsSchema>;
export const vendorWalletsEnvelope = envelopeOf(vendorWalletsSchema);

/** POST /wps/relay/walletTransfer (token): main wallet ⇄ one vendor wallet, when not single. */
export const walletTransferBodySchema = z.strictObject({
  from: walletCodeSchema,
  to: walletCodeSchema,
  amount: amountMinorSchema,
  requestId: requestIdSchema,
});
export type WalletTransferBody = z.infer<typeof walletTransferBodySchema>;

export const walletTransferResultSchema = z.object({
  transferId: z.string(),
  requestId: z.string(),
  /** True when this requestId had already moved the money: nothing moved this time. */
  replayed: z.boolean(),
  from: z.string(),
  to: z.string(),
  amount: z.number().int(),
  /** Balances of the two wallets right after the transfer. */
  fromBalance: z.number().int(),
  toBalance: z.number().int(),
});
export type WalletTransferResult = z.infer<typeof walletTransferResultSchema>;
export const walletTransferEnvelope = envelopeOf(walletTransferResultSchema);

/** A payment password, when the member has set one, guards money leaving their main wallet. */
const paymentPasswordSchema = z.string().max(64).optional();

/** POST /wps/relay/transferToUpline (token): from the member's main wallet to their direct upline agent. */
export const transferToUplineBodySchema = z.strictObject({
  amount: amountMinorSchema,
  requestId: requestIdSchema,
  paymentPassword: paymentPasswordSchema,
});
export type TransferToUplineBody = z.infer<typeof transferToUplineBodySchema>;

/** POST /wps/relay/transferToDownline (token, agents): to a direct downline only. */
export const transferToDownlineBodySchema = z.strictObject({
  downlineId: bigintIdSchema('must be a member id'),
  amount: amountMinorSchema,
  requestId: requestIdSchema,
  paymentPassword: paymentPasswordSchema,
});
export type TransferToDownlineBody = z.infer<typeof transferToDownlineBodySchema>;

export const memberTransferResultSchema = z.object({
  transferId: z.string(),
  requestId: z.string(),
  replayed: z.boolean(),
  amount: z.number().int(),
  /** The sender's main wallet right after the transfer. */
  balance: z.number().int(),
  currency: currencySchema,
  /** Who received it. */
  to: z.object({ id: z.string(), account: z.string() }),
});
export type MemberTransferResult = z.infer<typeof memberTransferResultSchema>;
export const memberTransferEnvelope = envelopeOf(memberTransferResultSchema);

/**
 * Account record types: ledger kinds mapped to names a member reads. `refund` is a reversed bet or
 * withdrawal; other reversals are `adjustment`; `contract` is an agent contract's payment (salary or
 * dividend, received or paid); kinds not known here are `other`.
 */
export const movementTypes = [
  'deposit',
  'withdrawal',
  'bet',
  'win',
  'refund',
  'transfer',
  'bonus',
  'adjustment',
  'contract',
  'other',
] as const;
export type MovementType = (typeof movementTypes)[number];

const dateRange = {
  startDate: optional(dayParam),
  endDate: optional(dayParam),
};

/** GET /wps/relay/memberTransactionDetail (token): the member's own main-wallet movements. */
export const transactionHistoryQuerySchema = z.object({
  type: optional(
    z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
      z.enum(movementTypes),
    ),
  ),
  ...dateRange,
  pageNo,
  pageSize,
  ...descriptors,
});
export type TransactionHistoryQuery = z.infer<typeof transactionHistoryQuerySchema>;

/** GET /wps/relay/bonusDetail (token): the member's own bonus-wallet movements. */
export const bonusDetailQuerySchema = z.object({ ...dateRange, pageNo, pageSize, ...descriptors });
export type BonusDetailQuery = z.infer<typeof bonusDetailQuerySchema>;

export const movementSchema = z.object({
  id: z.string(),
  type: z.enum(movementTypes),
  /** Signed minor units: positive in, negative out. */
  amount: z.number().int(),
  /** The wallet's balance right after this movement. */
  balanceAfter: z.number().int(),
  /** ISO 8601 instant. */
  time: z.string(),
  /** An order id, game round, counterparty account or, failing those, the transfer id. */
  reference: z.string(),
});
export type Movement = z.infer<typeof movementSchema>;

export const movementPageSchema = z.object({
  content: z.array(movementSchema),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  currency: currencySchema,
  /** The range answered (the defaults filled in), in the merchant's time zone. */
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
});
export type MovementPage = z.infer<typeof movementPageSchema>;
export const movementPageEnvelope = envelopeOf(movementPageSchema);

/** GET /wps/relay/personalProfit (token): game results by day and game type, from the rounds. */
export const personalProfitQuerySchema = z.object({
  ...dateRange,
  gameType: optional(
    z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
      z.enum(gameTypes),
    ),
  ),
  ...descriptors,
});
export type PersonalProfitQuery = z.infer<typeof personalProfitQuerySchema>;

const profitFigures = {
  /** Live bets, wins, and payout minus stake (the member's side: positive means the member won). */
  stake: z.number().int(),
  payout: z.number().int(),
  profit: z.number().int(),
  rounds: z.number().int(),
};

export const personalProfitSchema = z.object({
  /** Newest day first, then game type; only days and types with rounds. */
  content: z.array(z.object({ date: z.string(), gameType: z.enum(gameTypes), ...profitFigures })),
  totals: z.object(profitFigures),
  currency: currencySchema,
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
});
export type PersonalProfit = z.infer<typeof personalProfitSchema>;
export const personalProfitEnvelope = envelopeOf(personalProfitSchema);
