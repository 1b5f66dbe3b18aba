import { z } from 'zod';
import { envelopeOf } from '../envelope';

/** Free text fields are trimmed before any rule applies (spec section 5: "Values trimmed"). */
const text = (max: number) => z.string().trim().max(max);

/** PUT /wps/member/register — the register payload of spec section 3. */
export const registerBodySchema = z.strictObject({
  username: text(64),
  password: z.string().max(128),
  confirmPassword: z.string().max(128),
  payeeName: text(128).optional(),
  email: text(128).optional(),
  qqNum: text(32).optional(),
  mobileNum: text(20).optional(),
  recommenderId: text(64).optional(),
  captcha: text(16).optional(),
  captchaId: text(64).optional(),
  verificationCode: text(16).optional(),
  affiliateCode: text(32).optional(),
  paymentPassword: z.string().max(32).optional(),
  line: text(64).optional(),
  whatsapp: text(32).optional(),
  facebook: text(128).optional(),
  wechat: text(64).optional(),
  idNumber: text(32).optional(),
  birthday: text(10).optional(),
  referralCode: text(32).optional(),
  domain: text(253).optional(),
  countryDialingCode: text(6).optional(),
  registerUrl: text(2048).optional(),
  registerMethod: z.enum(['WEB']).optional(),
  login: z.boolean().optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** POST /wps/session/login. */
export const loginBodySchema = z.strictObject({
  username: text(64).min(1),
  password: z.string().min(1).max(128),
  type: z.enum(['username', 'sms']).default('username'),
  captcha: text(16).optional(),
  captchaId: text(64).optional(),
  /** A solved proof-of-work challenge (GET /wps/captcha/pow): base64 of the ALTCHA v1 payload JSON. */
  altcha: z.string().trim().max(2048).optional(),
  /** 'agent' when signing in on the agent page: only agents may. */
  loginFrom: z.enum(['member', 'agent']).default('member'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginValueSchema = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
});
export const loginEnvelope = envelopeOf(loginValueSchema);

export const captchaEnvelope = envelopeOf(
  z.object({ captchaId: z.string(), image: z.string().describe('data: URL of an SVG image, base64') }),
);

/**
 * GET /wps/captcha/pow: a proof-of-work challenge (ALTCHA v1). The client finds the number n in
 * 0…maxnumber with sha256(salt + n) = challenge, and sends base64(JSON{algorithm, challenge, number,
 * salt, signature}) as `altcha`.
 */
export const powChallengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  maxnumber: z.number().int(),
  salt: z.string(),
  signature: z.string(),
});
export type PowChallenge = z.infer<typeof powChallengeSchema>;
export const powChallengeEnvelope = envelopeOf(powChallengeSchema);

export const memberInfoSchema = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  merchantCode: z.string(),
  balance: z.number().int().describe('cash balance in minor units'),
  currency: z.string(),
  currencySymbol: z.string(),
  hasVip: z.boolean(),
  vipLabelName: z.string().nullable(),
  vipRankLevel: z.number().int(),
  availablePromoCount: z.number().int(),
  unreadMessage: z.number().int(),
  availablePromo: z.object({ REFERRAL: z.object({ enabled: z.boolean() }) }),
});
export const memberInfoEnvelope = envelopeOf(memberInfoSchema);

/** Member types of spec section 3. */
export const memberTypes = { member: 0, trial: 4 } as const;
export const agentTypes: readonly number[] = [1, 2, 41, 42];

/** POST /wps/session/login/freeplay (spec section 7). */
export const freePlayBodySchema = z.strictObject({
  os: text(32).optional(),
  platform: z.enum(['W']).default('W'),
  encryption: z.union([z.boolean(), text(16)]).optional(),
  gatewayVersion: z.union([z.literal(3), z.literal('3')]).optional(),
});

/** POST /wps/member/password. */
export const changePasswordBodySchema = z.strictObject({
  oldPassword: z.string().max(128),
  newPassword: z.string().max(128),
  confirmNewPassword: z.string().max(128),
});

/** POST /wps/verification/sms/noLogin (spec section 7). */
export const smsNoLoginBodySchema = z.strictObject({
  mobileNum: text(20),
  countryDialingCode: text(6).optional(),
  purpose: z.enum(['login', 'reset']).default('login'),
});

/** POST /wps/verification/sms/register (spec section 7). */
export const smsRegisterBodySchema = z.strictObject({
  mobileNo: text(20),
  countryDialingCode: text(6).optional(),
  regType: text(16).optional(),
});

export const smsSentEnvelope = envelopeOf(z.object({ expiredMinutes: z.number().int() }));

/** PUT /wps/member/register/mobile: the register payload, the mobile number being the username. */
export const registerMobileBodySchema = registerBodySchema.omit({ username: true }).extend({
  mobileNum: text(20),
});
export type RegisterMobileBody = z.infer<typeof registerMobileBodySchema>;

/** POST /wps/member/password/verification: reset by SMS. */
export const resetBySmsBodySchema = z.strictObject({
  newPassword: z.string().max(128),
  mobileNum: text(20),
  verificationCode: text(8),
});
export type ResetBySmsBody = z.infer<typeof resetBySmsBodySchema>;

/**
 * POST /wps/member/password/email (form-encoded, spec section 7): mails a single-use reset link when
 * the username and e-mail belong together; the same answer when they do not.
 */
export const resetByEmailBodySchema = z.strictObject({
  username: text(64),
  email: text(128),
});

/** POST /wps/member/password/reset: the token of the e-mailed link sets the new password, once. */
export const resetWithTokenBodySchema = z.strictObject({
  token: z.string().trim().max(128),
  newPassword: z.string().max(128),
  confirmNewPassword: z.string().max(128),
});

/** POST /wps/member/unlock/send: a code to lift a sign-in lock, sent to the member's mobile or e-mail. */
export const unlockSendBodySchema = z.strictObject({
  username: text(64).min(1),
});

/** POST /wps/member/unlock: the code received lifts the account's sign-in lock. */
export const unlockBodySchema = z.strictObject({
  username: text(64).min(1),
  code: text(8),
});

/** GET /wps/agent/affiliate: an affiliate (invitation) code is valid when `success` is true. */
export const affiliateQuerySchema = z.strictObject({
  code: text(32),
  domain: text(253).optional(),
});

/**
 * Second verification (spec section 4: "Login from an unregistered IP requires extra verification").
 * A correct login from an address the member has not used answers 403 SECOND_VERIFICATION_REQUIRED
 * with this value; the client asks for a code (sms, email) or the payee name, then completes.
 */
export const secondVerificationMethods = ['sms', 'email', 'payeeName'] as const;
export type SecondVerificationMethod = (typeof secondVerificationMethods)[number];
export const secondVerificationChallengeSchema = z.object({
  challengeId: z.string(),
  methods: z.array(
    z.object({
      method: z.enum(secondVerificationMethods),
      /** Masked destination, e.g. "55*****4321" or "d***@example.com"; empty for payeeName. */
      target: z.string(),
    }),
  ),
});
export type SecondVerificationChallenge = z.infer<typeof secondVerificationChallengeSchema>;

/** POST /wps/session/login/verification/send: sends the code of a challenge by SMS or e-mail. */
export const secondVerificationSendBodySchema = z.strictObject({
  challengeId: z.string().trim().min(1).max(64),
  method: z.enum(['sms', 'email']),
});

/** POST /wps/session/login/verification: completes the login (answers the login value). */
export const secondVerificationCompleteBodySchema = z.strictObject({
  challengeId: z.string().trim().min(1).max(64),
  method: z.enum(secondVerificationMethods),
  /** The code received, or the payee name for `payeeName`. */
  code: text(128),
});
