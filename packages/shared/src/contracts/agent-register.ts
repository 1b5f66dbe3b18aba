import { z } from 'zod';
import { envelopeOf } from '../envelope';
import { contractTermsSchema } from './agent-contracts';

/** Member types an agent may create in the register centre: a member (0) or an agent (1, 2, 41, 42). */
export const registrableTypes = [0, 1, 2, 41, 42] as const;

/** POST /wps/agent/register: an account for a new direct downline, optionally offered a contract. */
export const agentRegisterBodySchema = z.strictObject({
  username: z.string().trim().min(1).max(64),
  nickname: z.string().trim().max(32).optional(),
  type: z.union(registrableTypes.map((t) => z.literal(t))),
  /** Offered to the new account at creation; only for agent types. */
  contract: contractTermsSchema.optional(),
});
export type AgentRegisterBody = z.infer<typeof agentRegisterBodySchema>;

export const agentRegisterResultSchema = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  /** The merchant's default password the agent tells the new member (changed at first login). */
  initialPassword: z.string(),
  inviteCode: z.string().nullable(),
  /** The contract offered at creation, if any. */
  contractId: z.string().nullable(),
});
export type AgentRegisterResult = z.infer<typeof agentRegisterResultSchema>;
export const agentRegisterEnvelope = envelopeOf(agentRegisterResultSchema);
