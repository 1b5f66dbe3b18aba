import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { checkField, type FieldRule, type Merchant, memberTypes } from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import { enforceLimit, type RateLimiter } from '../../lib/rate-limiter';
import type { EmailProvider } from '../email/email-provider';
import { chargeEmail, chargeSms } from '../verification/send-limits';
import type { SmsProvider } from '../verification/sms-provider';
import { internationalNumber } from '../verification/verification.service';
import type { AuthRepository, MemberRow } from './auth.repository';
import { defaultRegisterRules } from './auth-settings';
import type { LoginGuard } from './login-guard';
import { hashPassword } from './passwords';
import type { RecoveryRepository } from './recovery.repository';

/** A reset link works once, for 30 minutes. */
export const RESET_TOKEN_TTL_MS = 30 * 60_000;
/** Reset requests: one a minute per username (no mail-bombing), ten an hour per address. */
export const EMAIL_RESET_PER_ACCOUNT_MS = 60_000;
export const EMAIL_RESET_PER_IP_HOUR = 10;
/**
 * Every reset request answers after at least this long, so the time taken does not tell whether
 * the username and e-mail belong together (sending takes longer than not sending).
 */
export const RESET_ANSWER_MIN_MS = 150;
export const UNLOCK_CODE_MINUTES = 15;
export const UNLOCK_MAX_ATTEMPTS = 5;
export const UNLOCK_PER_IP_HOUR = 10;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const unlockHash = (memberId: bigint, code: string) => sha256(`unlock:${memberId}:${code}`);
const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Caller = { ip: string };

/**
 * Getting back into an account without the password: a reset link by e-mail (the password changes
 * only when the member follows it) and a code that lifts a whole-account sign-in lock. Answers never
 * say whether an account exists.
 */
export class RecoveryService {
  constructor(
    private readonly members: AuthRepository,
    private readonly recovery: RecoveryRepository,
    private readonly limiter: RateLimiter,
    private readonly email: EmailProvider,
    private readonly sms: SmsProvider,
    private readonly guard: LoginGuard,
    private readonly passwordRuleOf: (merchant: Merchant) => Promise<FieldRule>,
    private readonly publicBaseUrl: string | undefined,
  ) {}

  /**
   * POST /wps/member/password/email: when the username and e-mail belong together, mails a
   * single-use reset link. Nothing changes yet: a stranger who knows both cannot lock the member out.
   * The answer is the same, after the same time, whether or not they belong together.
   */
  async requestEmailReset(merchant: Merchant, body: { username: string; email: string }, caller: Caller) {
    if (!body.username) throw AppError.field('username', 'auth:required');
    if (!body.email) throw AppError.field('email', 'auth:required');
    if (!checkField(body.email, { ...(defaultRegisterRules.email as FieldRule), enabled: true }).ok)
      throw AppError.field('email', 'auth:patterns.EMAIL', { range: '' });
    const started = Date.now();
    // Both limits apply whether or not the account exists, so a 429 tells nothing either.
    await enforceLimit(this.limiter, `email-reset-ip:${caller.ip}`, EMAIL_RESET_PER_IP_HOUR, 60 * 60_000);
    await enforceLimit(
      this.limiter,
      `email-reset:${merchant.merchantCode}:${body.username.toLowerCase()}`,
      1,
      EMAIL_RESET_PER_ACCOUNT_MS,
    );
    const token = randomBytes(32).toString('base64url');
    const member = await this.members.findMemberByUsername(merchant.merchantCode, body.username);
    if (
      member?.email &&
      member.email.toLowerCase() === body.email.toLowerCase() &&
      member.type !== memberTypes.trial
    ) {
      await this.sendResetLink(merchant, member, member.email, token, caller);
    }
    const left = RESET_ANSWER_MIN_MS - (Date.now() - started);
    if (left > 0) await sleep(left);
  }

  private async sendResetLink(
    merchant: Merchant,
    member: MemberRow,
    to: string,
    token: string,
    caller: Caller,
  ) {
    try {
      await chargeEmail(this.limiter, { merchantCode: merchant.merchantCode, to, ip: caller.ip });
    } catch {
      // Over a sending limit: nothing is sent, and the answer stays the one everybody gets.
      return;
    }
    await this.mailResetLink(member, to, token);
  }

  /**
   * An operator's reset for a member (the console): the same single-use link as the member's own
   * request, to the e-mail on file. The operator is signed in and audited, so a sending limit of the
   * mailbox or the merchant is said (429) instead of hidden, and no address limit applies.
   */
  async sendResetLinkFor(merchant: Merchant, member: MemberRow & { email: string }): Promise<void> {
    await chargeEmail(this.limiter, { merchantCode: merchant.merchantCode, to: member.email, ip: null });
    await this.mailResetLink(member, member.email, randomBytes(32).toString('base64url'));
  }

  private async mailResetLink(member: MemberRow, to: string, token: string) {
    await this.recovery.insertResetToken(member.id, sha256(token), new Date(Date.now() + RESET_TOKEN_TTL_MS));
    // A path on this site (or on its configured public origin), never one built from request headers.
    // `key`, not `token`: the web app signs in with a ?token= in the address (social sign-in).
    const link = `${this.publicBaseUrl ?? ''}/reset-password?key=${token}`;
    await this.email.send({
      to,
      subject: 'Sorte: reset your password',
      body: `Hello ${member.nickname ?? member.username},\n\nTo choose a new password, open this link within 30 minutes:\n\n${link}\n\nThe link works once. If you did not ask for this, ignore this e-mail: your password has not changed.`,
    });
  }

  /**
   * POST /wps/member/password/reset: sets the new password with the link's token (once, within
   * 30 minutes) and ends every session of the member.
   */
  async resetWithToken(
    merchant: Merchant,
    body: { token: string; newPassword: string; confirmNewPassword: string },
  ) {
    const tokenHash = sha256(body.token);
    if (!/^[\w-]{43}$/.test(body.token) || !(await this.recovery.resetTokenUsable(tokenHash)))
      throw new AppError(400, 'RESET_LINK_INVALID');
    const rule = await this.passwordRuleOf(merchant);
    const check = checkField(body.newPassword, rule);
    if (!check.ok) {
      if (check.reason === 'required') throw AppError.field('newPassword', 'auth:required');
      throw AppError.field('newPassword', `auth:patterns.${check.patternId}`, { range: check.range });
    }
    if (body.confirmNewPassword !== body.newPassword)
      throw AppError.field('confirmNewPassword', 'auth:confirmPasswordWrong');
    const memberId = await this.recovery.consumeResetToken(tokenHash);
    const member = memberId === null ? undefined : await this.members.findMemberById(memberId);
    if (!member || member.merchant_code !== merchant.merchantCode)
      throw new AppError(400, 'RESET_LINK_INVALID');
    await this.members.updatePassword(member.id, await hashPassword(body.newPassword));
    await this.members.revokeSessionsOf(member.id, null);
  }

  /**
   * POST /wps/member/unlock/send: sends a code to the member's own mobile (or e-mail when there is no
   * mobile). The answer is the same whatever the username.
   */
  async sendUnlockCode(merchant: Merchant, body: { username: string }, caller: Caller) {
    await enforceLimit(this.limiter, `unlock-send-ip:${caller.ip}`, UNLOCK_PER_IP_HOUR, 60 * 60_000);
    await enforceLimit(
      this.limiter,
      `unlock-send:${merchant.merchantCode}:${body.username.toLowerCase()}`,
      1,
      60_000,
    );
    const member = await this.members.findMemberByUsername(merchant.merchantCode, body.username);
    if (!member || member.type === memberTypes.trial || (!member.mobile && !member.email)) return;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const text = `Sorte: your code to unlock your account is ${code}. It expires in ${UNLOCK_CODE_MINUTES} minutes.`;
    try {
      if (member.mobile) {
        const e164 = internationalNumber(merchant, member.mobile);
        await chargeSms(this.limiter, { merchantCode: merchant.merchantCode, e164, ip: caller.ip });
        await this.recovery.insertUnlockCode(member.id, unlockHash(member.id, code), this.unlockExpiry());
        await this.sms.send(e164, text);
      } else if (member.email) {
        await chargeEmail(this.limiter, {
          merchantCode: merchant.merchantCode,
          to: member.email,
          ip: caller.ip,
        });
        await this.recovery.insertUnlockCode(member.id, unlockHash(member.id, code), this.unlockExpiry());
        await this.email.send({ to: member.email, subject: 'Sorte: unlock your account', body: text });
      }
    } catch (error) {
      // A sending limit of this member's number or mailbox must not reveal that the account exists.
      if (!(error instanceof AppError)) throw error;
    }
  }

  /** POST /wps/member/unlock: the right code lifts the account lock for everyone, and this address. */
  async unlock(merchant: Merchant, body: { username: string; code: string }, caller: Caller) {
    await enforceLimit(this.limiter, `unlock-try-ip:${caller.ip}`, UNLOCK_PER_IP_HOUR * 3, 60 * 60_000);
    const member = await this.members.findMemberByUsername(merchant.merchantCode, body.username);
    const latest = member ? await this.recovery.latestUnlockCode(member.id) : undefined;
    if (!member || !latest || latest.attempts >= UNLOCK_MAX_ATTEMPTS) {
      throw AppError.field('code', 'auth:invalidCode');
    }
    if (!/^\d{6}$/.test(body.code) || !sameHash(unlockHash(member.id, body.code), latest.code_hash)) {
      await this.recovery.countUnlockAttempt(latest.id);
      throw AppError.field('code', 'auth:invalidCode');
    }
    if (!(await this.recovery.consumeUnlockCode(latest.id))) throw AppError.field('code', 'auth:invalidCode');
    await this.guard.unlock(`${merchant.merchantCode}:${member.username.toLowerCase()}`, caller.ip);
  }

  private unlockExpiry() {
    return new Date(Date.now() + UNLOCK_CODE_MINUTES * 60_000);
  }
}
