import { z } from 'zod';
import { MAX_AMOUNT_MINOR } from '../currency';
import { envelopeOf, errorValueSchema } from '../envelope';

/**
 * Agent contracts (spec sections 3, 4, 7; DECISIONS: level difference, rate caps, periods).
 * Money is whole minor units; rates are basis points (1 bp = 0.01 %, 10 000 bp = 100 %), exact
 * integers so the settlement arithmetic never meets a float.
 */
export const contractKinds = ['dividend', 'dailySalary', 'hourlySalary', 'realtimeSalary'] as const;
export type ContractKind = (typeof contractKinds)[number];

/** Dividend periods (DECISIONS): D daily, W weekly (Monday start), H semimonthly (1st, 16th), M monthly. */
export const dividendPeriods = ['D', 'W', 'H', 'M'] as const;
export type DividendPeriod = (typeof dividendPeriods)[number];

/** Spec section 4: offered, then accepted (active) or rejected; an active one can be terminated. */
export const contractStatuses = ['offered', 'active', 'rejected', 'terminated'] as const;
export type ContractStatus = (typeof contractStatuses)[number];

export const MAX_RATE_BP = 10_000;

const minorThreshold = z.number().int().min(0).max(MAX_AMOUNT_MINOR);
const rateBp = z.number().int().min(0).max(MAX_RATE_BP);
const memberCount = z.number().int().min(0).max(1_000_000);

/**
 * One tier: it applies when the period's team valid turnover reaches `minTurnover` and its active
 * members reach `minActiveMembers`; the highest tier reached gives the rate. Tiers are listed from
 * the lowest up (thresholds and rates never going down).
 */
export const contractTierSchema = z.strictObject({
  minTurnover: minorThreshold.default(0),
  minActiveMembers: memberCount.default(0),
  rateBp,
});
export type ContractTier = z.infer<typeof contractTierSchema>;

const common = {
  /** A member is active in a period when their valid turnover reaches this (DECISIONS). */
  minBetAmount: minorThreshold.default(0),
  /** Below this many active members the period earns nothing. */
  minActiveMembers: memberCount.default(0),
  /** Taken off the base (net loss or turnover) before the rate applies. */
  feeRateBp: rateBp.default(0),
};

export const dividendTermsSchema = z.strictObject({
  kind: z.literal('dividend'),
  period: z.enum(dividendPeriods),
  ...common,
  tiers: z.array(contractTierSchema).min(1).max(20),
});
export const dailySalaryTermsSchema = z.strictObject({
  kind: z.literal('dailySalary'),
  ...common,
  tiers: z.array(contractTierSchema).min(1).max(20),
});
export const hourlySalaryTermsSchema = z.strictObject({
  kind: z.literal('hourlySalary'),
  ...common,
  tiers: z.array(contractTierSchema).min(1).max(20),
});
/**
 * Real-time salary, settled every 5 minutes: `winRateBp` on the turnover of bets the players won,
 * `lossRateBp` on the turnover of bets they lost, and `singleBetRateBp` on top for each single bet of
 * at least `minBetAmount`.
 */
export const realtimeSalaryTermsSchema = z.strictObject({
  kind: z.literal('realtimeSalary'),
  ...common,
  winRateBp: rateBp,
  lossRateBp: rateBp,
  singleBetRateBp: rateBp,
});

export const contractTermsSchema = z.discriminatedUnion('kind', [
  dividendTermsSchema,
  dailySalaryTermsSchema,
  hourlySalaryTermsSchema,
  realtimeSalaryTermsSchema,
]);
export type ContractTerms = z.infer<typeof contractTermsSchema>;
export type DividendTerms = z.infer<typeof dividendTermsSchema>;
export type SalaryTerms = z.infer<typeof dailySalaryTermsSchema> | z.infer<typeof hourlySalaryTermsSchema>;
export type RealtimeSalaryTerms = z.infer<typeof realtimeSalaryTermsSchema>;

const idString = z.string().regex(/^[1-9]\d{0,18}$/, { error: 'must be an id' });

export const contractIdParamsSchema = z.strictObject({ id: idString });

/** An upline offers one of its direct downline agents a contract (spec section 4). */
export const offerContractBodySchema = z.strictObject({
  downlineId: idString,
  terms: contractTermsSchema,
});

/** `confirm` is the agent's consent to end its downlines' contracts above the new rate (DECISIONS). */
export const acceptContractBodySchema = z.strictObject({ confirm: z.boolean().default(false) });

export const terminateContractBodySchema = z.strictObject({
  reason: z.string().max(140).optional(),
});

export const contractSchema = z.object({
  id: z.string(),
  kind: z.enum(contractKinds),
  status: z.enum(contractStatuses),
  /** null: the house (an operator-given contract of a top-level agent). */
  uplineId: z.string().nullable(),
  uplineName: z.string().nullable(),
  downlineId: z.string(),
  downlineName: z.string(),
  terms: contractTermsSchema,
  offeredAt: z.string(),
  decidedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
});
export type AgentContract = z.infer<typeof contractSchema>;

export const contractEnvelope = envelopeOf(contractSchema);

/** A downline contract the acceptance would end, listed for the agent's confirmation. */
export const cascadeItemSchema = z.object({
  contractId: z.string(),
  downlineId: z.string(),
  downlineName: z.string(),
});

export const acceptResultSchema = z.object({
  contract: contractSchema,
  /** Downline contracts ended (with a message and a new offer each). */
  ended: z.array(cascadeItemSchema),
});
export const acceptResultEnvelope = envelopeOf(acceptResultSchema);
/** A refused acceptance: CONTRACT_CONFIRM_REQUIRED lists the downline contracts it would end. */
export const acceptRefusalEnvelope = envelopeOf(
  errorValueSchema
    .unwrap()
    .extend({ contracts: z.array(cascadeItemSchema).optional() })
    .nullable(),
);

/** The body of the section 7 contract calls (dividend, daily, hourly, real-time salary contracts). */
export const contractReadBodySchema = z.strictObject({
  /** A downline in the caller's team: its contracts of this kind (only its upline may ask). */
  memberId: idString.optional(),
});

export const contractKindViewSchema = z.object({
  kind: z.enum(contractKinds),
  /** The caller's active contract of this kind, if any. */
  active: contractSchema.nullable(),
  /** Offers waiting for the caller's answer. */
  offers: z.array(contractSchema),
  /** Contracts of this kind the caller offered or gave to its direct downlines (open ones). */
  downlines: z.array(contractSchema),
});
export const contractKindViewEnvelope = envelopeOf(contractKindViewSchema);

/**
 * Consolidated info (spec section 3): per contract kind 0 none, 1 active contract, 2 offer waiting.
 * `divtypereq` is the active dividend's period (D, W, H, M) or ''.
 */
const flag = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export const consolidatedInfoSchema = z.object({
  dividend: flag,
  divtypereq: z.union([z.enum(dividendPeriods), z.literal('')]),
  dailysalreqtype: flag,
  contracthoursalreq: flag,
  realtimesalreqtype: flag,
  info: z.object({
    isAgent: z.boolean(),
    pendingOffers: z.number().int(),
    hasUpline: z.boolean(),
  }),
});
export type ConsolidatedInfo = z.infer<typeof consolidatedInfoSchema>;
export const consolidatedInfoEnvelope = envelopeOf(consolidatedInfoSchema);

/** Operator: make a member an agent (types 1, 2, 41, 42 of spec section 3). */
export const makeAgentBodySchema = z.strictObject({
  type: z.union([z.literal(1), z.literal(2), z.literal(41), z.literal(42)]).default(1),
});
export const memberIdParamsSchema = z.strictObject({ memberId: idString });

/** Operator: give a top-level agent (no upline) a contract paid by the house. */
export const houseContractBodySchema = z.strictObject({
  agentId: idString,
  terms: contractTermsSchema,
});

/** One contract's payable for one period (what it paid or owes; spec: my income). */
export const settlementSchema = z.object({
  id: z.string(),
  contractId: z.string(),
  kind: z.enum(contractKinds),
  periodKey: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** null: the house pays. */
  payerId: z.string().nullable(),
  payeeId: z.string(),
  /** Whether the caller receives it (true) or owes it to a downline (false). */
  incoming: z.boolean(),
  currency: z.string(),
  /** Minor units. */
  amount: z.number().int(),
  carryOut: z.number().int(),
  status: z.enum(['owed', 'paid', 'nothing']),
  settledAt: z.string(),
  paidAt: z.string().nullable(),
});
export type ContractSettlement = z.infer<typeof settlementSchema>;
export const settlementEnvelope = envelopeOf(settlementSchema);
export const settlementListEnvelope = envelopeOf(z.object({ content: z.array(settlementSchema) }));

/** The upline pays a payable it owes (dividend request process, daily salary process). */
export const processSettlementBodySchema = z.strictObject({ settlementId: idString });

/** Operator: one period's settlement report (every contract's payable for that period key). */
export const periodReportQuerySchema = z.strictObject({
  periodKey: z
    .string()
    .regex(/^[WH]?\d{4}-\d{2}(-\d{2}(T\d{2}(:\d{2})?)?)?$/, { error: 'must be a period key' }),
  kind: z.enum(contractKinds).optional(),
});
export const periodReportEnvelope = envelopeOf(
  z.object({
    periodKey: z.string(),
    content: z.array(settlementSchema),
    totals: z.object({
      payables: z.number().int(),
      paid: z.number().int(),
      owed: z.number().int(),
      /** Minor units, per currency. */
      amountPaid: z.record(z.string(), z.number().int()),
      amountOwed: z.record(z.string(), z.number().int()),
    }),
  }),
);
export const runReportEnvelope = envelopeOf(
  z.object({
    contracts: z.number().int(),
    settled: z.number().int(),
    paid: z.number().int(),
    owed: z.number().int(),
    skipped: z.boolean(),
  }),
);
