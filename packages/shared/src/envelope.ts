import { z } from 'zod';

/**
 * Every API answer is `{ success, code, message, value }` (DESIGN.md, API conventions).
 * `code` is a stable machine code; `message` is localised for the caller's language.
 */
export function envelopeOf<T extends z.ZodType>(value: T) {
  return z.object({
    success: z.boolean(),
    code: z.string(),
    message: z.string(),
    value,
  });
}

export type Envelope<T> = { success: boolean; code: string; message: string; value: T };

/** Details attached to a failed answer, e.g. the field a validation error names. */
export const errorValueSchema = z
  .object({
    field: z.string().optional(),
    issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    requestId: z.string().optional(),
    retryAfterSeconds: z.number().optional(),
  })
  .nullable();

export const errorEnvelopeSchema = envelopeOf(errorValueSchema);
