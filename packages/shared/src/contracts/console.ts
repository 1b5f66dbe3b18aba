import { z } from 'zod';
import { envelopeOf } from '../envelope';
import { bannerGroups, linkageTypes } from './content';
import { adjustmentSortKeys, auditSortKeys, playerSortKeys, sortQuerySchema } from './list-sort';
import { movementTypes } from './records';

/**
 * The operator console's calls (issue 15), under /ops/console. Operator users are not members: they
 * sign in with a password and a TOTP code (RFC 6238), hold roles, and a role is a set of permissions.
 * Every operator call on the server names the one permission it needs; the console hides what the
 * signed-in operator's permissions do not allow.
 */

/** One permission per kind of operator action. */
export const operatorPermissions = [
  /** The dashboard and the reports: registrations, deposits, withdrawals, bets, GGR/NGR. */
  'reports.read',
  /** Search players, see a player's profile, balances, sessions and addresses. */
  'players.read',
  /** Block and unblock a player, end their sessions, send them a password reset. */
  'players.block',
  /** Ask for a manual balance adjustment, and approve or reject another operator's (four eyes). */
  'players.adjust',
  /** Add a note to a player (notes are never changed or removed). */
  'players.notes',
  /** Read the withdrawals queue, a withdrawal and its proofs. */
  'withdrawals.read',
  /** Approve or reject a withdrawal, retry or return a refused payout, settle a disputed one. */
  'withdrawals.decide',
  /** The deposits screen: orders, their states and the provider's events. */
  'deposits.read',
  /** Ask for a manual credit of a paid-but-missed deposit order, approve or reject another's (four eyes). */
  'deposits.decide',
  /** Payment channels: limits, on/off. */
  'channels.write',
  /** Make members agents, give top-level agents their contracts. */
  'agents.manage',
  /** Maintenance, region rules, domains. */
  'settings.write',
  /** The ledger: accounts and statements. */
  'ledger.read',
  /** Post and reverse ledger transfers directly (the raw operator ledger API). */
  'ledger.write',
  /** Site content: banners and their pictures, notices, promotions, help centre, maintenance texts. */
  'content.write',
  /** Game vendors: the vendor transaction retention purge. */
  'vendors.manage',
  /** Server load figures. */
  'system.read',
  /** Operator users: create, change roles, disable. */
  'operators.manage',
  /** The audit log. */
  'audit.read',
] as const;
export type OperatorPermission = (typeof operatorPermissions)[number];

export const operatorRoleNames = ['admin', 'finance', 'support', 'content', 'risk', 'agent_manager'] as const;
export type OperatorRoleName = (typeof operatorRoleNames)[number];

/** What each role may do. A user may hold several roles: their permissions add up. */
export const rolePermissions: Record<OperatorRoleName, readonly OperatorPermission[]> = {
  admin: operatorPermissions,
  finance: [
    'reports.read',
    'players.read',
    'players.adjust',
    'players.notes',
    'withdrawals.read',
    'withdrawals.decide',
    'deposits.read',
    'deposits.decide',
    'channels.write',
    'ledger.read',
  ],
  support: ['players.read', 'players.block', 'players.notes', 'withdrawals.read', 'deposits.read'],
  content: ['content.write'],
  risk: [
    'reports.read',
    'players.read',
    'players.block',
    'players.notes',
    'withdrawals.read',
    'deposits.read',
    'ledger.read',
    'audit.read',
  ],
  agent_manager: ['players.read', 'agents.manage'],
};

/** The permissions a set of roles gives (unknown role names give nothing). */
export function permissionsOf(roles: readonly string[]): OperatorPermission[] {
  const granted = new Set<OperatorPermission>();
  for (const role of roles) {
    for (const permission of rolePermissions[role as OperatorRoleName] ?? []) granted.add(permission);
  }
  return operatorPermissions.filter((permission) => granted.has(permission));
}

export const operatorMerchantCodes = ['BR', 'MX', 'BD'] as const;

export const operatorUsernameSchema = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[a-z][a-z0-9._-]*$/, { error: 'lower-case letters, digits, dot, underscore and hyphen' });

/** POST /ops/console/sign-in: the first step. */
export const consoleSignInBodySchema = z.strictObject({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});
/**
 * The password was right: `challenge` (valid 5 minutes) goes with the second factor. `enrol` is
 * there when the operator has no TOTP yet: scan `otpauthUri` (or type `secret`), then answer with a
 * code from the authenticator app.
 */
export const consoleSignInEnvelope = envelopeOf(
  z.object({
    challenge: z.string(),
    enrol: z.object({ secret: z.string(), otpauthUri: z.string() }).nullable(),
  }),
);

/** POST /ops/console/sign-in/second-factor: a 6-digit code, or one of the recovery codes. */
export const consoleSecondFactorBodySchema = z
  .strictObject({
    challenge: z.string().min(1).max(128),
    code: z
      .string()
      .regex(/^[0-9]{6}$/, { error: 'six digits' })
      .optional(),
    recoveryCode: z.string().trim().min(1).max(32).optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    error: 'a code or a recovery code, one of them',
    path: ['code'],
  });

export const consoleOperatorSchema = z.object({
  id: z.string(),
  username: z.string(),
  roles: z.array(z.enum(operatorRoleNames)),
  permissions: z.array(z.enum(operatorPermissions)),
  /** Limited to this merchant's players and money; null: every merchant. */
  merchantCode: z.enum(operatorMerchantCodes).nullable(),
});
export type ConsoleOperator = z.infer<typeof consoleOperatorSchema>;

/**
 * Signed in: the session is an HttpOnly cookie (path /ops). `recoveryCodes` only right after TOTP
 * enrolment: ten single-use codes, shown once.
 */
export const consoleSessionEnvelope = envelopeOf(
  z.object({ operator: consoleOperatorSchema, recoveryCodes: z.array(z.string()).nullable() }),
);
/** GET /ops/console/me */
export const consoleMeEnvelope = envelopeOf(consoleOperatorSchema);

// --- operator users -----------------------------------------------------------------------------

export const operatorUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  roles: z.array(z.enum(operatorRoleNames)),
  merchantCode: z.enum(operatorMerchantCodes).nullable(),
  totpEnrolled: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type OperatorUser = z.infer<typeof operatorUserSchema>;

const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

/** GET /ops/console/operators */
export const operatorUserListQuerySchema = z.strictObject(pageQuery);
export const operatorUserPageEnvelope = envelopeOf(
  z.object({
    content: z.array(operatorUserSchema),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  }),
);

/** POST /ops/console/operators: the new user's first password is made by the server, shown once. */
export const createOperatorUserBodySchema = z.strictObject({
  username: operatorUsernameSchema,
  roles: z.array(z.enum(operatorRoleNames)).min(1).max(operatorRoleNames.length),
  merchantCode: z.enum(operatorMerchantCodes).nullable().default(null),
});
export const createdOperatorUserEnvelope = envelopeOf(
  z.object({ operator: operatorUserSchema, initialPassword: z.string() }),
);

/** PATCH /ops/console/operators/:operatorId */
export const operatorUserParamsSchema = z.strictObject({
  operatorId: z.string().regex(/^[1-9][0-9]{0,17}$/, { error: 'an operator id' }),
});
export const updateOperatorUserBodySchema = z
  .strictObject({
    roles: z.array(z.enum(operatorRoleNames)).min(1).max(operatorRoleNames.length).optional(),
    merchantCode: z.enum(operatorMerchantCodes).nullable().optional(),
    disabled: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'nothing to change' });
export const operatorUserEnvelope = envelopeOf(operatorUserSchema);

// --- audit log ----------------------------------------------------------------------------------

/** GET /ops/console/audit: newest first; `sort=at:asc` oldest first (the chain's order). */
export const auditListQuerySchema = z.strictObject({
  ...pageQuery,
  sort: sortQuerySchema(auditSortKeys),
  actor: z.string().trim().min(1).max(64).optional(),
  /** Part of the action, e.g. "withdrawals" or "POST". */
  action: z.string().trim().min(1).max(128).optional(),
});
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  roles: z.array(z.string()),
  ip: z.string(),
  merchant: z.string().nullable(),
  action: z.string(),
  target: z.unknown(),
  detail: z.unknown(),
  status: z.number().int(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageEnvelope = envelopeOf(
  z.object({
    content: z.array(auditEntrySchema),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  }),
);

// --- players ------------------------------------------------------------------------------------

/**
 * GET /ops/console/players: `q` matches a member id, a username (from its start), a mobile number
 * (its digits), an e-mail, an address the member used, or a payee account; `status` narrows to
 * blocked or active players. Newest first (by id); `sort` orders by registration, last sign-in (those
 * who never signed in last, either way) or username (any case), ties by id.
 */
export const playerSearchQuerySchema = z.strictObject({
  ...pageQuery,
  sort: sortQuerySchema(playerSortKeys),
  q: z.string().trim().min(1).max(128).optional(),
  status: z.enum(['active', 'blocked']).optional(),
});
export const playerSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  merchantCode: z.string(),
  /** 0 member, 1/2/41/42 agents, 4 trial (spec section 3). */
  type: z.number().int(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  blocked: z.boolean(),
  createdAt: z.string(),
  registrationIp: z.string().nullable(),
  /** When the player's newest session opened (a sign-in, or the registration); null: never. */
  lastSignInAt: z.string().nullable(),
});
export type PlayerSummary = z.infer<typeof playerSummarySchema>;
export const playerPageEnvelope = envelopeOf(
  z.object({
    content: z.array(playerSummarySchema),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  }),
);

export const playerParamsSchema = z.strictObject({
  memberId: z.string().regex(/^[1-9][0-9]{0,17}$/, { error: 'a member id' }),
});
/** GET /ops/console/players/:memberId */
export const playerDetailSchema = playerSummarySchema.extend({
  nickname: z.string().nullable(),
  uplineUsername: z.string().nullable(),
  currency: z.string(),
  /** Minor units of `currency`. */
  balances: z.object({ cash: z.number(), bonus: z.number(), locked: z.number(), points: z.number() }),
  block: z.object({ at: z.string(), by: z.string(), reason: z.string() }).nullable(),
  /** The latest sessions, newest first. */
  sessions: z.array(
    z.object({
      ip: z.string(),
      userAgent: z.string().nullable(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      active: z.boolean(),
    }),
  ),
  /** Addresses the member signed in from, with how many other players used each. */
  knownIps: z.array(
    z.object({
      ip: z.string(),
      firstSeenAt: z.string(),
      lastSeenAt: z.string(),
      otherPlayers: z.number().int(),
    }),
  ),
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>;
export const playerDetailEnvelope = envelopeOf(playerDetailSchema);

/** POST /ops/console/players/:memberId/block: ends the player's sessions; the reason is kept. */
export const blockPlayerBodySchema = z.strictObject({ reason: z.string().trim().min(1).max(256) });

// --- a player's tabs: statement, rounds, payments, notes; password reset; upline ----------------

const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    content: z.array(row),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  });

export const playerLedgerAccounts = ['cash', 'bonus', 'locked', 'points'] as const;
export type PlayerLedgerAccount = (typeof playerLedgerAccounts)[number];

/**
 * GET /ops/console/players/:memberId/statement: the entries of one of the player's accounts (in
 * their merchant's currency), newest first, each with the balance right after it. Paged by
 * position: the next page starts before `nextBeforeId` (null on the last page).
 */
export const playerStatementQuerySchema = z.strictObject({
  account: z.enum(playerLedgerAccounts).default('cash'),
  beforeId: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, { error: 'an entry id' })
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const playerStatementEntrySchema = z.object({
  entryId: z.string(),
  transferId: z.string(),
  /** What the movement was, as the member's account record names it. */
  type: z.enum(movementTypes),
  /** The ledger's own name of the transfer (e.g. vendor_bet). */
  kind: z.string(),
  /** Minor units: positive in, negative out. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
});
export type PlayerStatementEntry = z.infer<typeof playerStatementEntrySchema>;
export const playerStatementSchema = z.object({
  account: z.enum(playerLedgerAccounts),
  currency: z.string(),
  entries: z.array(playerStatementEntrySchema),
  nextBeforeId: z.string().nullable(),
});
export type PlayerStatement = z.infer<typeof playerStatementSchema>;
export const playerStatementEnvelope = envelopeOf(playerStatementSchema);

/** GET …/rounds, …/deposits, …/withdrawals and …/notes: newest first. */
export const playerPageQuerySchema = z.strictObject(pageQuery);

/** The player's game rounds (their betting record), every vendor, all the time kept. */
export const playerRoundSchema = z.object({
  roundId: z.string(),
  gameName: z.string(),
  gameCode: z.string(),
  gameType: z.string(),
  /** The game's vendor (vassalage). */
  vendor: z.string(),
  /** Minor units: bets, wins and wins minus bets (the player's side). */
  stake: z.number().int(),
  payout: z.number().int(),
  profit: z.number().int(),
  status: z.enum(['OPEN', 'CLOSED', 'CANCELLED']),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type PlayerRound = z.infer<typeof playerRoundSchema>;
export const playerRoundPageSchema = pageOf(playerRoundSchema).extend({
  currency: z.string(),
  /** Over every round of the player, not only this page. */
  totals: z.object({ stake: z.number().int(), payout: z.number().int(), profit: z.number().int() }),
});
export type PlayerRoundPage = z.infer<typeof playerRoundPageSchema>;
export const playerRoundPageEnvelope = envelopeOf(playerRoundPageSchema);

export const playerDepositSchema = z.object({
  orderNo: z.string(),
  channel: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'paid', 'failed', 'expired']),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type PlayerDeposit = z.infer<typeof playerDepositSchema>;
export const playerDepositPageEnvelope = envelopeOf(pageOf(playerDepositSchema));

export const playerWithdrawalSchema = z.object({
  withdrawalNo: z.string(),
  channel: z.string(),
  /** The payee account, masked. */
  account: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['locked', 'approved', 'paid', 'rejected']),
  /** The player's word on a paid withdrawal (received, partial, not_received, …). */
  confirmation: z.string().nullable(),
  /** The payout failed after approval and waits for a retry or a return. */
  payoutFailed: z.boolean(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type PlayerWithdrawal = z.infer<typeof playerWithdrawalSchema>;
export const playerWithdrawalPageEnvelope = envelopeOf(pageOf(playerWithdrawalSchema));

/** Operators' notes on a player: append-only, newest first. */
export const playerNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  author: z.string(),
  createdAt: z.string(),
});
export type PlayerNote = z.infer<typeof playerNoteSchema>;
export const playerNotePageEnvelope = envelopeOf(pageOf(playerNoteSchema));
export const playerNoteEnvelope = envelopeOf(playerNoteSchema);
/** POST /ops/console/players/:memberId/notes (players.notes). */
export const PLAYER_NOTE_MAX = 2000;
export const createPlayerNoteBodySchema = z.strictObject({
  body: z.string().trim().min(1).max(PLAYER_NOTE_MAX),
});

/**
 * POST /ops/console/players/:memberId/password-reset (players.block): sends the member the reset
 * their own "forgot password" sends — the single-use link to their e-mail, or the reset code to
 * their mobile. The operator never sees or sets a password; the answer names the channel, masked.
 */
export const passwordResetChannels = ['email', 'sms'] as const;
export type PasswordResetChannel = (typeof passwordResetChannels)[number];
export const resetPlayerPasswordBodySchema = z.strictObject({ channel: z.enum(passwordResetChannels) });
export const passwordResetSentEnvelope = envelopeOf(
  z.object({ channel: z.enum(passwordResetChannels), sentTo: z.string() }),
);

/**
 * POST /ops/console/players/:memberId/upline (agents.manage): moves the member, with their own team,
 * under another agent of the same merchant. Answers the player as they are now.
 */
export const changeUplineBodySchema = z.strictObject({
  uplineUsername: z.string().trim().min(1).max(64),
  reason: z.string().trim().min(3).max(256),
});

// --- manual adjustments (four eyes) -------------------------------------------------------------

export const adjustmentStatuses = ['pending', 'approved', 'applied', 'rejected', 'failed'] as const;

/**
 * POST /ops/console/players/:memberId/adjustments: credit or debit the player's cash or bonus in
 * their merchant's currency. At or above the merchant's threshold it waits for a second operator.
 */
export const createAdjustmentBodySchema = z.strictObject({
  direction: z.enum(['credit', 'debit']),
  account: z.enum(['cash', 'bonus']),
  /** Minor units. */
  amount: z.number().int().min(1).max(100_000_000_000),
  reason: z.string().trim().min(3).max(256),
  /** Made by the client once per request (e.g. a UUID): a retry never adjusts twice. */
  requestId: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'letters, digits, underscore and hyphen only' }),
});
export const adjustmentSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  username: z.string(),
  merchantCode: z.string(),
  currency: z.string(),
  account: z.enum(['cash', 'bonus']),
  direction: z.enum(['credit', 'debit']),
  amount: z.number().int(),
  reason: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  status: z.enum(adjustmentStatuses),
  /** At or above the merchant's threshold: a second operator decides. */
  needsSecondOperator: z.boolean(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  transferId: z.string().nullable(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;
export const adjustmentEnvelope = envelopeOf(adjustmentSchema);
/**
 * GET /ops/console/adjustments: waiting ones first, oldest first; then the rest newest first. `sort`
 * orders by request time or amount (minor units) instead, ties by id.
 */
export const adjustmentListQuerySchema = z.strictObject({
  ...pageQuery,
  sort: sortQuerySchema(adjustmentSortKeys),
  status: z.enum(adjustmentStatuses).optional(),
});
export const adjustmentPageEnvelope = envelopeOf(
  z.object({
    content: z.array(adjustmentSchema),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  }),
);
export const adjustmentParamsSchema = z.strictObject({
  adjustmentId: z.string().regex(/^[1-9][0-9]{0,17}$/, { error: 'an adjustment id' }),
});
/** POST /ops/console/adjustments/:adjustmentId/reject */
export const rejectAdjustmentBodySchema = z.strictObject({ reason: z.string().trim().min(1).max(256) });

// --- content: banners ---------------------------------------------------------------------------

/** A picture on this site (an upload, /content-images/…) or elsewhere over https. */
export const contentImageUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine((v) => /^\/(?!\/)/.test(v) || /^https:\/\/[^\s]+$/.test(v), {
    error: 'a picture on this site (/…) or an https:// address',
  });

/** GET /ops/console/banners */
export const consoleBannerListQuerySchema = z.strictObject({
  merchantCode: z.enum(operatorMerchantCodes).optional(),
  groupName: z.enum(bannerGroups).optional(),
});
export const consoleBannerSchema = z.object({
  id: z.string(),
  merchantCode: z.string(),
  key: z.string(),
  groupName: z.enum(bannerGroups),
  /** A picture per language (EN required: the fallback). */
  imageUrls: z.record(z.string(), z.string()),
  linkageType: z.enum(linkageTypes),
  link: z.string().nullable(),
  sort: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Shown on the site now (within its window). */
  live: z.boolean(),
});
export type ConsoleBanner = z.infer<typeof consoleBannerSchema>;
export const consoleBannerListEnvelope = envelopeOf(z.array(consoleBannerSchema));

/**
 * PUT /ops/console/banners: publishes a banner, or changes the one with this merchant and key. The
 * site shows it from `startsAt` (now when null) until `endsAt`.
 */
export const saveBannerBodySchema = z
  .strictObject({
    merchantCode: z.enum(operatorMerchantCodes),
    key: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: 'lower-case letters, digits and hyphens (up to 40)' }),
    groupName: z.enum(bannerGroups),
    imageUrls: z
      .record(z.string().regex(/^[A-Z]{2}$/), contentImageUrlSchema)
      .refine((urls) => 'EN' in urls, { error: 'needs an EN picture' }),
    linkageType: z.enum(linkageTypes).default('NONE'),
    link: z.string().trim().min(1).max(500).nullable().default(null),
    sort: z.number().int().min(0).max(10_000).default(0),
    startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .refine((b) => (b.linkageType === 'NONE') === (b.link === null), {
    error: 'a link goes with a linkage type other than NONE, and only then',
    path: ['link'],
  });
export const consoleBannerEnvelope = envelopeOf(consoleBannerSchema);
export const consoleBannerParamsSchema = z.strictObject({
  bannerId: z.string().regex(/^[1-9][0-9]{0,17}$/, { error: 'a banner id' }),
});

/**
 * POST /ops/console/content/images: the picture's bytes as the body (Content-Type image/png,
 * image/jpeg or image/webp, at most 2 MB; the bytes must be what the type says). Answers its address.
 */
export const CONTENT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const contentImageEnvelope = envelopeOf(z.object({ url: z.string(), bytes: z.number().int() }));
