import { z } from 'zod';
import { currencies, MAX_AMOUNT_MINOR, PLAY_MONEY_CURRENCY } from './currency';

export * from './currency';

export const currencySchema = z.enum(currencies);
/** A currency the ledger and the seamless wallet carry: a merchant's, or play money (FUN). */
export const ledgerCurrencySchema = z.enum([...currencies, PLAY_MONEY_CURRENCY]);

/** A strictly positive whole amount in minor units (centavos, paisa). */
export const amountMinorSchema = z
  .number({ error: 'amount must be a number of minor units' })
  .int({ error: 'amount must be a whole number of minor units' })
  .positive({ error: 'amount must be greater than zero' })
  .max(MAX_AMOUNT_MINOR, { error: 'amount is above the largest accepted amount' });
