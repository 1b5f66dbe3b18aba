import { z } from 'zod';
import { ledgerCurrencySchema, MAX_AMOUNT_MINOR } from '../money';

/**
 * The seamless-wallet protocol between the platform and a game vendor (DESIGN.md "Seamless-wallet
 * protocol"). The in-house studio is the first client; third-party vendors use it the same way.
 *
 *   POST /vendor/{vendorCode}/wallet/{action}     action: authenticate | balance | bet | win | rollback
 *   Content-Type: application/json
 *   X-Signature: lowercase hex HMAC-SHA256 of the raw request body bytes, keyed with the UTF-8 bytes
 *                of the vendor's secret
 *
 * Every answer is HTTP 200 with a JSON body `{status, balance, currency, transactionId}` (authenticate
 * adds `playerId`), signed the same way in the answer's `X-Signature` header whenever the request's
 * signature was good. Amounts and balances are whole minor units (centavos, paisa). A transport
 * failure or any non-200 answer means "outcome unknown": repeat the same request (it is idempotent on
 * transactionId) or roll the bet back.
 *
 * Rules:
 * - A launch opens `{studio}/play/{gameCode}?token&lang&returnUrl`; authenticate spends the token
 *   (single use, 2 minutes) and (re)starts the player's session. `playerId` is stable per vendor
 *   and member. Bets need a session used within 30 minutes and started within 24 hours, else
 *   INVALID_TOKEN (authenticate again); win, rollback and balance do not.
 * - transactionId is unique per vendor across all actions. The same request again gets the
 *   byte-identical first answer (whatever its status) and moves nothing; the same id with other
 *   fields, or another action, gets DUPLICATE_MISMATCH. Requests refused with INVALID_SIGNATURE, or
 *   with INVALID_REQUEST for an unreadable body or a field outside its format, are not recorded (the
 *   id stays free); INVALID_REQUEST for a well-formed request that does not fit (another currency
 *   than the player's, a game not the vendor's, a round of another player or game) is recorded.
 * - bet opens its round (roundId, unique per vendor) or adds to it; a round belongs to one player and
 *   one game. win needs the round (BET_NOT_FOUND otherwise); roundEnded closes it; a bet or win on a
 *   closed round gets ROUND_CLOSED.
 * - rollback refunds its bet once (a second rollback of it answers OK and moves nothing); a bet never
 *   seen answers OK and its id is tombstoned, so the late bet gets DUPLICATE_MISMATCH; a bet whose
 *   round is closed gets ROUND_CLOSED; a refused bet answers OK with nothing to refund. Only bets can
 *   be rolled back (INVALID_REQUEST for a win's id or another player's or round's bet).
 * - PLAYER_BLOCKED refuses authenticate and bet; wins and refunds still reach a blocked player.
 * - A free-play (trial) player plays with play money: its session's currency is FUN (no real
 *   currency); only vendors that offer play money (the house studio) are ever launched for one.
 */

export const seamlessWalletActions = ['authenticate', 'balance', 'bet', 'win', 'rollback'] as const;
export type SeamlessWalletAction = (typeof seamlessWalletActions)[number];

export const seamlessWalletStatuses = [
  'OK',
  'INSUFFICIENT_FUNDS',
  'INVALID_TOKEN',
  'INVALID_SIGNATURE',
  'PLAYER_NOT_FOUND',
  'BET_NOT_FOUND',
  'ROUND_CLOSED',
  'DUPLICATE_MISMATCH',
  'INVALID_REQUEST',
  'PLAYER_BLOCKED',
] as const;
export type SeamlessWalletStatus = (typeof seamlessWalletStatuses)[number];

/** Request and answer header carrying the HMAC-SHA256 signature (lowercase hex). */
export const vendorSignatureHeader = 'x-signature';

/** Transaction and round ids are the vendor's: 1–100 letters, digits and `. _ : -`. */
export const vendorIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,100}$/, { error: 'must be 1–100 letters, digits, ".", "_", ":" or "-"' });
/** The opaque player id authenticate answered; stable per vendor and member. */
export const vendorPlayerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export const vendorGameCodeSchema = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/);
/** The one-time launch token from the game URL's `token` parameter. */
export const launchTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);
const amountSchema = z.number().int().min(0).max(MAX_AMOUNT_MINOR);

// Unknown fields are ignored (a vendor may send more, e.g. a timestamp); they are not part of the
// transaction's identity.

/** authenticate: exchanges the launch token (single use, ~2 minutes) for a vendor session. */
export const vendorAuthenticateRequestSchema = z.object({ token: launchTokenSchema });
/** balance: the player's cash balance. */
export const vendorBalanceRequestSchema = z.object({ playerId: vendorPlayerIdSchema });
/** bet: debits `amount` (> 0) from the player; opens the round on its first bet. */
export const vendorBetRequestSchema = z.object({
  transactionId: vendorIdSchema,
  playerId: vendorPlayerIdSchema,
  roundId: vendorIdSchema,
  gameCode: vendorGameCodeSchema,
  amount: amountSchema.min(1),
  currency: ledgerCurrencySchema,
});
/** win: credits `amount` (0 allowed, e.g. to close a lost round); `roundEnded` closes the round. */
export const vendorWinRequestSchema = z.object({
  transactionId: vendorIdSchema,
  playerId: vendorPlayerIdSchema,
  roundId: vendorIdSchema,
  gameCode: vendorGameCodeSchema,
  amount: amountSchema,
  currency: ledgerCurrencySchema,
  roundEnded: z.boolean(),
});
/** rollback: refunds the bet `refTransactionId` (once), or tombstones it when it was never seen. */
export const vendorRollbackRequestSchema = z.object({
  transactionId: vendorIdSchema,
  playerId: vendorPlayerIdSchema,
  roundId: vendorIdSchema,
  refTransactionId: vendorIdSchema,
});
export type VendorAuthenticateRequest = z.infer<typeof vendorAuthenticateRequestSchema>;
export type VendorBalanceRequest = z.infer<typeof vendorBalanceRequestSchema>;
export type VendorBetRequest = z.infer<typeof vendorBetRequestSchema>;
export type VendorWinRequest = z.infer<typeof vendorWinRequestSchema>;
export type VendorRollbackRequest = z.infer<typeof vendorRollbackRequestSchema>;

export const seamlessWalletRequestSchemas = {
  authenticate: vendorAuthenticateRequestSchema,
  balance: vendorBalanceRequestSchema,
  bet: vendorBetRequestSchema,
  win: vendorWinRequestSchema,
  rollback: vendorRollbackRequestSchema,
} as const;

/**
 * Every answer, keys always in this order. `balance` and `currency` are null when no player is known
 * (INVALID_SIGNATURE, INVALID_REQUEST before a player is found, PLAYER_NOT_FOUND, INVALID_TOKEN on
 * authenticate); `transactionId` echoes the request's (null for authenticate and balance, and when
 * the request could not be read).
 */
export const seamlessWalletAnswerSchema = z.object({
  status: z.enum(seamlessWalletStatuses),
  balance: z.number().int().nullable(),
  currency: ledgerCurrencySchema.nullable(),
  transactionId: z.string().nullable(),
});
export type SeamlessWalletAnswer = z.infer<typeof seamlessWalletAnswerSchema>;
/** authenticate's answer also names the player (null unless OK). */
export const vendorAuthenticateAnswerSchema = seamlessWalletAnswerSchema.extend({
  playerId: z.string().nullable(),
});
export type VendorAuthenticateAnswer = z.infer<typeof vendorAuthenticateAnswerSchema>;
