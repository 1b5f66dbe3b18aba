import { z } from 'zod';
import { envelopeOf } from '../envelope';
import { amountMinorSchema, currencySchema } from '../money';
import { depositSortKeys, sortQuerySchema, withdrawalSortKeys } from './list-sort';

/**
 * Deposits and withdrawals (the depositv2 and withdraw pages, withdrawal confirmation). Every call
 * carries the member's token; trial members get 403 TRIAL_NOT_ALLOWED. Amounts are whole numbers of
 * minor units (centavos, paisa) in the member's merchant currency; show them with formatMinor.
 */

/** PIX (Brazil), SPEI (Mexico), bKash and Nagad (Bangladesh). */
export const paymentChannelCodes = ['PIX', 'SPEI', 'BKASH', 'NAGAD'] as const;
export type PaymentChannelCode = (typeof paymentChannelCodes)[number];

export const depositStatuses = ['pending', 'paid', 'failed', 'expired'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

export const withdrawalStatuses = ['locked', 'approved', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/** What a member may say about a paid withdrawal (spec section 4). */
export const withdrawalConfirmationStates = ['received', 'partial', 'not_received', 'all_received'] as const;
export type WithdrawalConfirmationState = (typeof withdrawalConfirmationStates)[number];
/** ...plus what the platform records when the member said nothing in time. */
export const withdrawalConfirmations = [...withdrawalConfirmationStates, 'auto_received'] as const;
export type WithdrawalConfirmation = (typeof withdrawalConfirmations)[number];

/** Account types per channel: PIX keys by kind, a CLABE for SPEI, a wallet number for bKash/Nagad. */
export const payeeAccountTypes = ['CPF', 'EMAIL', 'PHONE', 'EVP', 'CLABE', 'WALLET'] as const;
export type PayeeAccountType = (typeof payeeAccountTypes)[number];
export const payeeTypesByChannel: Record<PaymentChannelCode, readonly PayeeAccountType[]> = {
  PIX: ['CPF', 'EMAIL', 'PHONE', 'EVP'],
  SPEI: ['CLABE'],
  BKASH: ['WALLET'],
  NAGAD: ['WALLET'],
};

/** Proof images of a withdrawal confirmation (spec section 5: png or jpg, ≤ 5 MB each, ≤ 3). */
export const proofMaxBytes = 5 * 1024 * 1024;
export const proofMaxFiles = 3;
/** A member may keep this many payee accounts bound at once. */
export const payeeAccountLimit = 5;

const idParam = z.string().regex(/^[1-9][0-9]{0,17}$/, { error: 'must be an id' });
export const depositOrderIdSchema = z
  .string()
  .regex(/^D[A-Z0-9]{16}$/, { error: 'must be a deposit order id' });
export const withdrawalIdSchema = z.string().regex(/^W[A-Z0-9]{16}$/, { error: 'must be a withdrawal id' });
/** The 6-digit payment password (registration field rule DIGITS 6–6). */
export const paymentPasswordSchema = z.string().regex(/^[0-9]{6}$/, { error: 'must be 6 digits' });

export const paymentPageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  lang: z.string().max(16).optional(),
  merchantCode: z.string().max(8).optional(),
});

// --- channels ---------------------------------------------------------------------------------------

export const paymentChannelSchema = z.object({
  code: z.enum(paymentChannelCodes),
  currency: currencySchema,
  /** Inclusive bounds of one deposit (or withdrawal) in minor units. */
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  /** For withdrawals: the account types a payee account of this channel may have. */
  accountTypes: z.array(z.enum(payeeAccountTypes)),
});
export type PaymentChannel = z.infer<typeof paymentChannelSchema>;

/** GET /wps/relay/deposit/channels and GET /wps/relay/withdraw/channels. */
export const paymentChannelsEnvelope = envelopeOf(
  z.object({ currency: currencySchema, channels: z.array(paymentChannelSchema) }),
);

// --- deposits ---------------------------------------------------------------------------------------

/** POST /wps/relay/deposit */
export const createDepositBodySchema = z.strictObject({
  channel: z.enum(paymentChannelCodes),
  amount: amountMinorSchema,
});
export type CreateDepositBody = z.infer<typeof createDepositBodySchema>;

/** What the payer needs: a BR Code to show as a QR code and copy, a CLABE + reference, or a number + reference. */
export const depositPayloadSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pix'), brCode: z.string() }),
  z.object({
    kind: z.literal('spei'),
    clabe: z.string(),
    reference: z.string().describe('7-digit numeric reference the payer must type'),
    beneficiary: z.string(),
  }),
  z.object({
    kind: z.literal('wallet'),
    wallet: z.enum(['BKASH', 'NAGAD']),
    number: z.string().describe('the merchant wallet number to send to'),
    reference: z.string(),
  }),
]);
export type DepositPayload = z.infer<typeof depositPayloadSchema>;

export const depositOrderSchema = z.object({
  orderId: depositOrderIdSchema,
  channel: z.enum(paymentChannelCodes),
  amount: z.number().int(),
  currency: currencySchema,
  status: z.enum(depositStatuses),
  payload: depositPayloadSchema,
  expiresAt: z.string().describe('ISO 8601'),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type DepositOrder = z.infer<typeof depositOrderSchema>;

export const depositOrderEnvelope = envelopeOf(depositOrderSchema);
export const depositOrderParamsSchema = z.strictObject({ orderId: depositOrderIdSchema });
export const depositOrderPageEnvelope = envelopeOf(
  z.object({
    content: z.array(depositOrderSchema),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  }),
);

// --- payee accounts ---------------------------------------------------------------------------------

export const payeeAccountSchema = z.object({
  id: idParam,
  channel: z.enum(paymentChannelCodes),
  type: z.enum(payeeAccountTypes),
  /** Partly hidden, e.g. "***.982.247-**", "an***@exemplo.com", "6461801234****9013". */
  maskedValue: z.string(),
  holderName: z.string(),
  /** 'confirmed' after the first payout to it: it can then no longer be changed or unbound. */
  status: z.enum(['bound', 'confirmed']),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type PayeeAccount = z.infer<typeof payeeAccountSchema>;

/** GET /wps/relay/payeeAccounts */
export const payeeAccountsEnvelope = envelopeOf(
  z.object({
    accounts: z.array(payeeAccountSchema),
    /** False: the first bind sets the payment password it is given. */
    hasPaymentPassword: z.boolean(),
    limit: z.number().int(),
  }),
);
export const payeeAccountEnvelope = envelopeOf(payeeAccountSchema);

const accountValueSchema = z.string().trim().min(1).max(100);
const holderNameSchema = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[\p{L}][\p{L}\p{M}' .-]*$/u, { error: 'letters, spaces, apostrophes, dots and hyphens only' });

/** POST /wps/relay/payeeAccounts */
export const bindPayeeBodySchema = z.strictObject({
  channel: z.enum(paymentChannelCodes),
  type: z.enum(payeeAccountTypes),
  value: accountValueSchema,
  holderName: holderNameSchema,
  paymentPassword: paymentPasswordSchema,
});
export type BindPayeeBody = z.infer<typeof bindPayeeBodySchema>;

/** PUT /wps/relay/payeeAccounts/:id (only while 'bound') */
export const updatePayeeBodySchema = z.strictObject({
  type: z.enum(payeeAccountTypes),
  value: accountValueSchema,
  holderName: holderNameSchema,
  paymentPassword: paymentPasswordSchema,
});
export type UpdatePayeeBody = z.infer<typeof updatePayeeBodySchema>;

/** POST /wps/relay/payeeAccounts/:id/unbind (only while 'bound') */
export const unbindPayeeBodySchema = z.strictObject({ paymentPassword: paymentPasswordSchema });
export const payeeAccountParamsSchema = z.strictObject({ id: idParam });

// --- withdrawals ------------------------------------------------------------------------------------

/** POST /wps/relay/withdraw */
export const createWithdrawalBodySchema = z.strictObject({
  payeeAccountId: idParam,
  amount: amountMinorSchema,
  paymentPassword: paymentPasswordSchema,
  /** Made by the client once per withdrawal (e.g. a UUID): a retry with it never locks twice. */
  requestId: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'letters, digits, underscore and hyphen only' }),
});
export type CreateWithdrawalBody = z.infer<typeof createWithdrawalBodySchema>;

export const withdrawalSchema = z.object({
  withdrawalId: withdrawalIdSchema,
  channel: z.enum(paymentChannelCodes),
  accountType: z.enum(payeeAccountTypes),
  maskedAccount: z.string(),
  holderName: z.string(),
  amount: z.number().int(),
  currency: currencySchema,
  status: z.enum(withdrawalStatuses),
  /** The operator's reason when rejected. */
  reason: z.string().nullable(),
  confirmation: z.enum(withdrawalConfirmations).nullable(),
  receivedAmount: z.number().int().nullable(),
  remainderAmount: z.number().int().nullable(),
  /** Paid and unconfirmed: it counts as received at this time. */
  confirmDeadline: z.string().nullable(),
  /** The states the member may choose now (empty when nothing can be confirmed). */
  allowedConfirmations: z.array(z.enum(withdrawalConfirmationStates)),
  proofCount: z.number().int(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalEnvelope = envelopeOf(withdrawalSchema);
export const withdrawalParamsSchema = z.strictObject({ withdrawalId: withdrawalIdSchema });
export const withdrawalPageEnvelope = envelopeOf(
  z.object({
    content: z.array(withdrawalSchema),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  }),
);

/**
 * POST /wps/relay/withdraw/orders/:withdrawalId/confirmation, as JSON or as multipart/form-data
 * (fields `state`, `receivedAmount`; files `proofs`, PNG or JPEG, ≤ 5 MB each, ≤ 3 per withdrawal).
 * partial needs receivedAmount (more than 0, less than the amount); not_received needs ≥ 1 proof.
 */
export const withdrawalConfirmationFieldsSchema = z.strictObject({
  state: z.enum(withdrawalConfirmationStates),
  receivedAmount: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type WithdrawalConfirmationFields = z.infer<typeof withdrawalConfirmationFieldsSchema>;

// --- operator API -----------------------------------------------------------------------------------

export const rejectWithdrawalBodySchema = z.strictObject({ reason: z.string().trim().min(1).max(256) });

/**
 * A paid withdrawal the member disputes (spec section 4: partly received, or not received with
 * proofs) and what an operator decided: `open` until then; `rejected` (the payout was complete),
 * `resent` (the missing amount paid again through the provider) or `returned` (to the balance).
 */
export const withdrawalDisputeStates = ['open', 'rejected', 'resent', 'returned'] as const;
export type WithdrawalDisputeState = (typeof withdrawalDisputeStates)[number];
export const withdrawalDisputeSchema = z.object({
  state: z.enum(withdrawalDisputeStates),
  /** Minor units: what the member says is missing (the whole amount when nothing arrived). */
  amount: z.number().int(),
  /** The operator's reason (the member reads it when the dispute is rejected). */
  reason: z.string().nullable(),
  operator: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** resent: the second payout at the provider, when it was paid, and its last error. */
  payoutReference: z.string().nullable(),
  paidAt: z.string().nullable(),
  payoutError: z.string().nullable(),
  /** resent, and the provider refused the second payout: retry it, or return the amount instead. */
  payoutFailed: z.boolean(),
});
export type WithdrawalDispute = z.infer<typeof withdrawalDisputeSchema>;

export const operatorWithdrawalSchema = withdrawalSchema.extend({
  memberId: z.string(),
  username: z.string(),
  merchantCode: z.string(),
  /** Approved, and the provider refused the payout: approve again to retry, or return it to the player. */
  payoutFailed: z.boolean(),
  /** The last payout error (a refusal, or a provider that could not be reached). */
  payoutError: z.string().nullable(),
  payeeAccountId: z.string(),
  accountValue: z.string(),
  operator: z.string().nullable(),
  providerReference: z.string().nullable(),
  proofs: z.array(
    z.object({ id: z.string(), contentType: z.string(), sizeBytes: z.number().int(), createdAt: z.string() }),
  ),
  /** Null unless the member disputed the payout. */
  dispute: withdrawalDisputeSchema.nullable(),
});
export const operatorWithdrawalEnvelope = envelopeOf(operatorWithdrawalSchema);
/**
 * GET /ops/payments/withdrawals: `dispute=open` lists the disputes waiting for an operator, the oldest
 * first; `dispute=resolved` the settled ones, the latest first. Otherwise the queue's order: waiting
 * (locked) first, the oldest of them first, then the rest newest first. `sort` orders by creation
 * time or amount (minor units) instead, ties by id.
 */
export const operatorWithdrawalListQuerySchema = paymentPageQuerySchema.extend({
  status: z.enum(withdrawalStatuses).optional(),
  dispute: z.enum(['open', 'resolved']).optional(),
  sort: sortQuerySchema(withdrawalSortKeys),
});
/**
 * What in a withdrawal's risk facts deserves a second look (the queue shows them as badges):
 * no_deposit — the player never deposited; withdraw_ratio — withdrawn (with this request) at least
 * WITHDRAW_RATIO_ALERT times what they deposited; low_turnover — they bet less since their last
 * deposit than that deposit (deposit, then withdraw without playing); shared_payee — other players
 * have the same payee account; shared_ip — other players signed in from the player's addresses.
 */
export const withdrawalRiskAlerts = [
  'no_deposit',
  'withdraw_ratio',
  'low_turnover',
  'shared_payee',
  'shared_ip',
] as const;
export type WithdrawalRiskAlert = (typeof withdrawalRiskAlerts)[number];
export const WITHDRAW_RATIO_ALERT = 2;

/** A row of the queue: the withdrawal and its alarming risk facts. */
export const operatorWithdrawalListItemSchema = operatorWithdrawalSchema.extend({
  riskAlerts: z.array(z.enum(withdrawalRiskAlerts)),
});
export const operatorWithdrawalPageEnvelope = envelopeOf(
  z.object({
    content: z.array(operatorWithdrawalListItemSchema),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  }),
);

/**
 * GET /ops/payments/withdrawals/:withdrawalId/risk: the player's facts beside this withdrawal, in its
 * currency (minor units). Other players are counted within the withdrawal's merchant only.
 */
export const withdrawalRiskSchema = z.object({
  withdrawalId: withdrawalIdSchema,
  currency: currencySchema,
  /** Paid deposit orders of the player. */
  deposits: z.object({ count: z.number().int(), total: z.number().int() }),
  /** The player's other withdrawals that left (approved or paid); this one is not among them. */
  withdrawals: z.object({ count: z.number().int(), total: z.number().int() }),
  /** (withdrawn + this withdrawal) / deposited, two decimals; null when nothing was deposited. */
  withdrawRatio: z.number().nullable(),
  lastDeposit: z.object({ amount: z.number().int(), at: z.string() }).nullable(),
  /** Stakes of the rounds the player opened since the last deposit (since ever without one). */
  turnoverSinceLastDeposit: z.number().int(),
  /** Other players of the merchant with this payee account: how many, and their usernames (≤ 20). */
  sharedPayee: z.object({ players: z.number().int(), usernames: z.array(z.string()) }),
  /** Other players of the merchant who signed in from the player's addresses, and how many of the
   * player's addresses they share. */
  sharedIp: z.object({ players: z.number().int(), addresses: z.number().int() }),
  alerts: z.array(z.enum(withdrawalRiskAlerts)),
});
export type WithdrawalRisk = z.infer<typeof withdrawalRiskSchema>;
export const withdrawalRiskEnvelope = envelopeOf(withdrawalRiskSchema);

/**
 * POST /ops/payments/withdrawals/:withdrawalId/dispute: settles an open dispute. `rejected`: the
 * payout was complete (the member reads the reason); `resent`: the missing amount is paid again through
 * the provider; `returned`: it goes back to the member's balance. Repeating a resolution changes
 * nothing (a `resent` whose payout failed is tried again); only a `resent` the provider refused may
 * still be `returned`.
 */
export const disputeResolutions = ['rejected', 'resent', 'returned'] as const;
export type DisputeResolution = (typeof disputeResolutions)[number];
export const resolveDisputeBodySchema = z.strictObject({
  resolution: z.enum(disputeResolutions),
  reason: z.string().trim().min(1).max(256),
});

// --- operator API: deposits -------------------------------------------------------------------------

const operatorMerchantCodeSchema = z.enum(['BR', 'MX', 'BD']);
/** A date and time with its offset; years the database and every client read alike (2000–9999). */
const instantSchema = z.iso.datetime({ offset: true, error: 'a date and time (ISO 8601)' }).refine(
  (value) => {
    const ms = Date.parse(value);
    return ms >= Date.UTC(2000, 0, 1) && ms < Date.UTC(10_000, 0, 1);
  },
  { error: 'a date and time from the year 2000 on' },
);

/**
 * GET /ops/payments/deposits: newest first. `from`/`to` bound the creation time (from inclusive,
 * to exclusive); `username` is the player's exact username (any case); `manualCredit=pending` lists
 * the orders whose manual credit waits for a second operator. `sort` orders by creation time or
 * amount (minor units) instead, ties by id.
 */
export const operatorDepositListQuerySchema = z
  .strictObject({
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    status: z.enum(depositStatuses).optional(),
    merchantCode: operatorMerchantCodeSchema.optional(),
    channel: z.enum(paymentChannelCodes).optional(),
    username: z.string().trim().min(1).max(64).optional(),
    from: instantSchema.optional(),
    to: instantSchema.optional(),
    manualCredit: z.enum(['pending']).optional(),
    sort: sortQuerySchema(depositSortKeys),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    error: 'after from',
    path: ['to'],
  });
export type OperatorDepositListQuery = z.infer<typeof operatorDepositListQuerySchema>;

export const manualCreditStatuses = ['pending', 'applied', 'rejected', 'cancelled'] as const;
export type ManualCreditStatus = (typeof manualCreditStatuses)[number];
export const manualCreditSchema = z.object({
  id: z.string(),
  status: z.enum(manualCreditStatuses),
  reason: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type ManualCredit = z.infer<typeof manualCreditSchema>;

export const operatorDepositSchema = z.object({
  orderId: depositOrderIdSchema,
  memberId: z.string(),
  username: z.string(),
  merchantCode: z.string(),
  channel: z.enum(paymentChannelCodes),
  provider: z.string(),
  amount: z.number().int(),
  currency: currencySchema,
  status: z.enum(depositStatuses),
  providerReference: z.string(),
  /** What the payer quotes (txid, numeric reference, wallet reference). */
  reference: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  settledAt: z.string().nullable(),
  /** Who credited it: the provider's webhook, or a manual credit two operators agreed on. */
  creditedBy: z.enum(['provider', 'manual']).nullable(),
  /** A manual credit waits for a second operator. */
  manualCreditPending: z.boolean(),
});
export type OperatorDeposit = z.infer<typeof operatorDepositSchema>;
export const operatorDepositPageEnvelope = envelopeOf(
  z.object({
    content: z.array(operatorDepositSchema),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  }),
);

/** A call of the provider's webhook about the order (verified signature), oldest first. */
export const depositProviderEventSchema = z.object({
  id: z.string(),
  eventId: z.string().nullable(),
  type: z.string().nullable(),
  /** What the platform did with it: credited, failed, expired, replayed, already_paid, order_not_pending, … */
  outcome: z.string(),
  receivedAt: z.string(),
});
export type DepositProviderEvent = z.infer<typeof depositProviderEventSchema>;

/** GET /ops/payments/deposits/:orderId */
export const operatorDepositDetailSchema = operatorDepositSchema.extend({
  events: z.array(depositProviderEventSchema),
  /** Manual credit requests, oldest first. */
  manualCredits: z.array(manualCreditSchema),
});
export type OperatorDepositDetail = z.infer<typeof operatorDepositDetailSchema>;
export const operatorDepositDetailEnvelope = envelopeOf(operatorDepositDetailSchema);

/**
 * POST /ops/payments/deposits/:orderId/manual-credits: asks to credit an order (not paid) that the
 * provider says was paid. A second operator approves it (always: four eyes).
 */
export const requestManualCreditBodySchema = z.strictObject({
  reason: z.string().trim().min(3).max(256),
  /** Made by the client once per request (e.g. a UUID): a retry never asks twice. */
  requestId: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'letters, digits, underscore and hyphen only' }),
});
export const manualCreditParamsSchema = z.strictObject({
  orderId: depositOrderIdSchema,
  creditId: idParam,
});
/** POST …/manual-credits/:creditId/reject */
export const rejectManualCreditBodySchema = z.strictObject({ reason: z.string().trim().min(1).max(256) });

/** PUT /ops/payments/channels/:merchantCode/:code */
export const updatePaymentChannelBodySchema = z
  .strictObject({
    depositEnabled: z.boolean().optional(),
    depositMin: amountMinorSchema.optional(),
    depositMax: amountMinorSchema.optional(),
    withdrawEnabled: z.boolean().optional(),
    withdrawMin: amountMinorSchema.optional(),
    withdrawMax: amountMinorSchema.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { error: 'nothing to change' });

// --- live events (GET /ws) --------------------------------------------------------------------------

/** Sent when a deposit order is credited, fails or expires; `cashBalance` (minor units) when credited. */
export type DepositEvent = { type: 'deposit'; orderId: string; status: DepositStatus; cashBalance?: number };
/** Sent on every status or confirmation change of a withdrawal. */
export type WithdrawalEvent = {
  type: 'withdrawal';
  withdrawalId: string;
  status: WithdrawalStatus;
  confirmation?: WithdrawalConfirmation | null;
};
