import { z } from 'zod';
import { envelopeOf } from '../envelope';

/** Kinds of internal message (spec section 3: "Messages: deposit credited/failed, withdrawal approved/rejected"). */
export const messageKinds = [
  'depositCredited',
  'depositFailed',
  'withdrawalApproved',
  'withdrawalRejected',
  // An agent's contract ended because its upline accepted a lower rate (a new offer follows).
  'contractEnded',
  // A disputed withdrawal (partly / not received) settled by an operator: the dispute was rejected
  // (the payout was complete), the missing amount was paid again, or it went back to the balance.
  'withdrawalDisputeRejected',
  'withdrawalDisputeResent',
  'withdrawalDisputeReturned',
] as const;
export type MessageKind = (typeof messageKinds)[number];

export const messageListQuerySchema = z.strictObject({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  lang: z.string().max(10).optional(),
  merchantCode: z.string().max(8).optional(),
});

export const memberMessageSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  time: z.string().describe('ISO 8601'),
  read: z.boolean(),
});
export type MemberMessage = z.infer<typeof memberMessageSchema>;

export const messagePageEnvelope = envelopeOf(
  z.object({
    content: z.array(memberMessageSchema),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
    unread: z.number().int(),
  }),
);

export const unreadCountEnvelope = envelopeOf(z.object({ count: z.number().int() }));

export const messageIdParamsSchema = z.strictObject({ id: z.string().regex(/^\d{1,18}$/) });
