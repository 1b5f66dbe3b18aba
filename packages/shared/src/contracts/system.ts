import { z } from 'zod';
import { envelopeOf } from '../envelope';
import { interfaceLanguages } from '../languages';

const localisedText = z.record(z.string().regex(/^[A-Z]{2}$/), z.string().trim().min(1).max(2000));

/** Maintenance as an operator sets it: texts per language (EN required, the fallback) and links. */
export const maintenanceSchema = z.strictObject({
  title: localisedText.refine((t) => 'EN' in t, 'needs an EN text'),
  info: localisedText.refine((t) => 'EN' in t, 'needs an EN text'),
  links: z
    .strictObject({
      telegram: z.url().optional(),
      instagram: z.url().optional(),
      facebook: z.url().optional(),
      customerService: z.url().optional(),
    })
    .optional(),
});

/**
 * GET /wps/system/status (spec section 2): 0 normal, 1 maintenance (title, info, links), 2 region
 * blocked (the visitor's IP). Maintenance wins over region.
 */
export const siteStatusSchema = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  maintenance: z
    .object({
      title: z.string(),
      info: z.string(),
      links: z.object({
        telegram: z.string().optional(),
        instagram: z.string().optional(),
        facebook: z.string().optional(),
        customerService: z.string().optional(),
      }),
    })
    .nullable(),
  region: z.object({ ip: z.string(), countryCode: z.string().nullable() }).nullable(),
});
export type SiteStatus = z.infer<typeof siteStatusSchema>;
export const siteStatusEnvelope = envelopeOf(siteStatusSchema);

/** Region table entry (spec section 3). */
export const merchantEntrySchema = z.object({
  merchantCode: z.string(),
  country: z.string(),
  currency: z.string(),
  countryName: z.string(),
  langList: z.array(z.string()),
  countryDialingCode: z.string(),
});

/** GET /wps/system/merchants: the region table, the merchant serving this request and a suggestion. */
export const merchantsEnvelope = envelopeOf(
  z.object({
    merchants: z.array(merchantEntrySchema),
    current: z.string(),
    /** Picked from the domain: the visitor cannot switch away from it. */
    fromDomain: z.boolean(),
    /** The merchant of the visitor's country, or null when the country is unknown. */
    suggested: z.string().nullable(),
  }),
);

/** PUT /wps/member/language (spec section 4: "informs the server (action with field language)"). */
export const memberLanguageBodySchema = z.strictObject({
  language: z.enum(interfaceLanguages),
});

/** Operator calls (x-operator-key) until the operator console exists. */
export const opsMaintenanceBodySchema = z.strictObject({
  merchantCode: z.string().trim().toUpperCase().length(2),
  maintenance: maintenanceSchema.nullable(),
});
export const opsRegionBodySchema = z.strictObject({
  merchantCode: z.string().trim().toUpperCase().length(2),
  allowedCountries: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/),
    )
    .max(250)
    .nullable(),
});
export const opsDomainBodySchema = z.strictObject({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)*[a-z0-9-]{1,63}$/),
  merchantCode: z.string().trim().toUpperCase().length(2),
});
