import { z } from 'zod';
import { PLAY_MONEY_CURRENCY } from '../currency';
import { envelopeOf } from '../envelope';
import { requestIdSchema } from './records';

/**
 * Play money of free-play (trial) accounts (DECISIONS.md "trial (free play) accounts"): a balance in
 * the FUN currency for the house games, started at and topped up to PLAY_MONEY_TOP_UP_TO_MINOR.
 * It can never be deposited, withdrawn, transferred or turned into real money.
 */

/** POST /wps/v2/wallets/playMoney/topUp (token, free-play members only). */
export const playMoneyTopUpBodySchema = z.strictObject({ requestId: requestIdSchema });
export type PlayMoneyTopUpBody = z.infer<typeof playMoneyTopUpBodySchema>;

export const playMoneyTopUpSchema = z.object({
  /** Minor units added: 0 when the balance was already at the top-up amount or above it. */
  added: z.number().int(),
  /** The play-money balance now. */
  balance: z.number().int(),
  /** What a top-up brings the balance back to. */
  topUpTo: z.number().int(),
  currency: z.literal(PLAY_MONEY_CURRENCY),
});
export type PlayMoneyTopUp = z.infer<typeof playMoneyTopUpSchema>;
export const playMoneyTopUpEnvelope = envelopeOf(playMoneyTopUpSchema);
