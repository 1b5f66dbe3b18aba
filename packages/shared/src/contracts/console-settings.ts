import { z } from 'zod';
import { envelopeOf } from '../envelope';
import { operatorMerchantCodes } from './console';

/**
 * The operator console's merchant settings (issue 15), permission 'settings.write': whitelabel flags,
 * the register field config, the minimum age, the default weak password of accounts agents create,
 * the withdrawal auto-receipt minutes, the allowed countries and the domains, and the site's status.
 * Each one is read by the code that enforces it on its next call (nothing here is cached longer than
 * the site status's few seconds). Deposit channels are edited through PUT
 * /ops/payments/channels/:merchantCode/:code (permission 'channels.write').
 *
 * The site's status and region use the calls that existed before the console: PUT
 * /ops/system/maintenance, PUT /ops/system/region, PUT /ops/system/domains, and DELETE
 * /ops/system/domains/:domain.
 */

/** DECISIONS.md: 18 everywhere by default; some markets ask 21. Below 18 is never allowed. */
export const MINIMUM_AGE_RANGE = { min: 18, max: 25 } as const;
/** DECISIONS.md: 30 minutes by default; at most a week. */
export const AUTO_RECEIPT_MINUTES_RANGE = { min: 1, max: 10_080 } as const;
/** The default weak password follows the bounds of new passwords (DECISIONS.md: 8–64). */
export const DEFAULT_PASSWORD_LENGTH = { min: 8, max: 64 } as const;

const flagName = z.string().regex(/^[A-Z0-9_]{2,40}$/, { error: 'a flag name (A-Z, 0-9, _)' });
const fieldName = z.string().regex(/^[a-zA-Z]{2,32}$/, { error: 'a register field name' });

export const registerFieldSettingSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
  /** What minLength and maxLength may be set to (equal bounds: a fixed length). */
  lengthBounds: z.object({ min: z.number().int(), max: z.number().int() }),
  /** Sign-up cannot work without it (username, password): always shown and required. */
  locked: z.boolean(),
});
export type RegisterFieldSetting = z.infer<typeof registerFieldSettingSchema>;

export const merchantSettingsSchema = z.object({
  merchantCode: z.enum(operatorMerchantCodes),
  currency: z.string(),
  country: z.string(),
  /** Every flag with its value for this merchant. */
  whitelabel: z.record(z.string(), z.boolean()),
  registerFields: z.record(z.string(), registerFieldSettingSchema),
  minimumAge: z.number().int(),
  defaultMemberPassword: z.string(),
  withdrawalAutoReceiptMinutes: z.number().int(),
  /** ISO 3166-1 alpha-2 codes of the countries whose visitors may use the site; null: everyone. */
  allowedCountries: z.array(z.string()).nullable(),
  /** The domains that open this merchant's site. */
  domains: z.array(z.string()),
  /** The site shows the maintenance page. */
  maintenance: z.boolean(),
});
export type MerchantSettings = z.infer<typeof merchantSettingsSchema>;
/** GET and PUT /ops/console/merchants/:merchantCode/settings */
export const merchantSettingsEnvelope = envelopeOf(merchantSettingsSchema);
export const merchantSettingsParamsSchema = z.strictObject({ merchantCode: z.enum(operatorMerchantCodes) });

/** PUT: only what changes; a flag or field left out keeps its value. */
export const updateMerchantSettingsBodySchema = z
  .strictObject({
    whitelabel: z.record(flagName, z.boolean()).optional(),
    registerFields: z
      .record(
        fieldName,
        z.strictObject({
          enabled: z.boolean().optional(),
          required: z.boolean().optional(),
          minLength: z.number().int().min(1).max(256).optional(),
          maxLength: z.number().int().min(1).max(256).optional(),
        }),
      )
      .optional(),
    minimumAge: z.number().int().min(MINIMUM_AGE_RANGE.min).max(MINIMUM_AGE_RANGE.max).optional(),
    defaultMemberPassword: z
      .string()
      .min(DEFAULT_PASSWORD_LENGTH.min)
      .max(DEFAULT_PASSWORD_LENGTH.max)
      .optional(),
    withdrawalAutoReceiptMinutes: z
      .number()
      .int()
      .min(AUTO_RECEIPT_MINUTES_RANGE.min)
      .max(AUTO_RECEIPT_MINUTES_RANGE.max)
      .optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'nothing to change' });
export type UpdateMerchantSettingsBody = z.input<typeof updateMerchantSettingsBodySchema>;

/** DELETE /ops/system/domains/:domain: the domain no longer opens any merchant's site. */
export const domainParamsSchema = z.strictObject({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)*[a-z0-9-]{1,63}$/, { error: 'a domain name' }),
});

// --- deposit and withdrawal channels (channels.write) -------------------------------------------

export const consoleChannelSchema = z.object({
  code: z.string(),
  currency: z.string(),
  depositEnabled: z.boolean(),
  /** Minor units. */
  depositMin: z.number().int(),
  depositMax: z.number().int(),
  withdrawEnabled: z.boolean(),
  withdrawMin: z.number().int(),
  withdrawMax: z.number().int(),
});
export type ConsoleChannel = z.infer<typeof consoleChannelSchema>;
/** GET /ops/console/merchants/:merchantCode/channels */
export const consoleChannelListEnvelope = envelopeOf(z.array(consoleChannelSchema));
