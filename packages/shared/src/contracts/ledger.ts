import { z } from 'zod';
import { envelopeOf } from '../envelope';
import { amountMinorSchema, currencySchema, ledgerCurrencySchema } from '../money';

/**
 * Operator calls on the ledger. Ids are decimal strings (bigint in the database); amounts are
 * whole numbers of minor units (safe integers).
 */
const MAX_BIGINT = 2n ** 63n - 1n;
/**
 * A database id as a decimal string: 1 to 2^63 − 1. Nineteen digits alone is not enough: up to
 * 9999999999999999999 would reach PostgreSQL and fail there (out of range for bigint) as a 500.
 */
export const bigintIdSchema = (error: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,18}$/, { error })
    .refine((v) => !/^[0-9]+$/.test(v) || BigInt(v) <= MAX_BIGINT, { error });
export const accountIdSchema = bigintIdSchema('must be an account id');
export const transferIdSchema = bigintIdSchema('must be a transfer id');
export const idempotencyKeySchema = z
  .string()
  .min(8)
  .max(128)
  .regex(/^[A-Za-z0-9:_-]+$/, { error: 'letters, digits, colon, underscore and hyphen only' });

/** An account id, or "house" for the house account of the currency. */
export const accountRefSchema = z.union([z.literal('house'), accountIdSchema]);

export const transferKinds = [
  'bet',
  'win',
  'deposit',
  'withdrawal',
  'transfer',
  'bonus',
  'adjustment',
] as const;

export const postTransferBodySchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  debitAccount: accountRefSchema,
  creditAccount: accountRefSchema,
  amount: amountMinorSchema,
  currency: currencySchema,
  kind: z.enum(transferKinds),
  metadata: z.record(z.string().max(64), z.union([z.string().max(256), z.number(), z.boolean()])).optional(),
});
export type PostTransferBody = z.infer<typeof postTransferBodySchema>;

export const reverseTransferBodySchema = z.strictObject({
  idempotencyKey: idempotencyKeySchema,
  reason: z.string().max(256).optional(),
});

export const postedTransferSchema = z.object({
  transferId: transferIdSchema,
  replayed: z.boolean(),
  debitAccountId: accountIdSchema,
  creditAccountId: accountIdSchema,
  debitBalance: z.number().int(),
  creditBalance: z.number().int(),
});
export const postedTransferEnvelope = envelopeOf(postedTransferSchema);

export const accountSchema = z.object({
  id: accountIdSchema,
  code: z.string(),
  ownerType: z.enum(['member', 'house', 'vendor', 'provider']),
  ownerId: z.string(),
  kind: z.enum(['cash', 'bonus', 'points', 'locked', 'house', 'clearing', 'vendor_wallet', 'play']),
  currency: ledgerCurrencySchema,
  balance: z.number().int(),
});
export const accountEnvelope = envelopeOf(accountSchema);

export const statementQuerySchema = z.strictObject({
  beforeId: bigintIdSchema('must be an entry id').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  lang: z.string().optional(),
});

export const statementEntrySchema = z.object({
  entryId: z.string(),
  transferId: transferIdSchema,
  kind: z.string(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  counterpartyAccountId: accountIdSchema,
  createdAt: z.string(),
});
export const statementEnvelope = envelopeOf(
  z.object({ entries: z.array(statementEntrySchema), nextBeforeId: z.string().nullable() }),
);
