import { z } from 'zod';
import { envelopeOf } from '../envelope';

const count = z.number().int();

/** GET /wps/agent/links: the agent's invitation links per merchant domain (spec section 2). */
export const agentLinksSchema = z.object({
  /** null: the agent has no invitation code yet, so no links. */
  inviteCode: z.string().nullable(),
  links: z.array(
    z.object({
      domain: z.string(),
      /** The registration address the link opens (`/register?affiliateCode=…`). */
      url: z.string(),
      registrations: count,
      firstDepositors: count,
    }),
  ),
  /** Direct downlines who joined without a recorded link (code typed, register centre, earlier). */
  other: z.object({ registrations: count, firstDepositors: count }),
});
export type AgentLinks = z.infer<typeof agentLinksSchema>;
export const agentLinksEnvelope = envelopeOf(agentLinksSchema);
