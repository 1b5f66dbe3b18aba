import { z } from 'zod';
import { currencies, MAX_AMOUNT_MINOR } from './currency';

export * from './currency';

export const currencySchema = z.enum(currencies);

/** A strictly positive whole amount in minor units (centavos, paisa). */
export const amountMinorSchema = z
  .number({ error: 'amount must be a number of minor units' })
  .int({ error: 'amount must be a whole number of minor units' })
  .positive({ error: 'amount must be greater than zero' })
  .max(MAX_AMOUNT_MINOR, { error: 'amount is above the largest accepted amount' });
