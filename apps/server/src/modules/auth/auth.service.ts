import { createHash, randomBytes } from 'node:crypto';
import {
  agentTypes,
  checkField,
  currencyInfo,
  type FieldRule,
  type LoginBody,
  type Merchant,
  memberTypes,
  merchantByCode,
  PLAY_MONEY_CURRENCY,
  type RegisterBody,
  type RegisterMobileBody,
  type ResetBySmsBody,
  type SecondVerificationMethod,
} from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import { enforceLimit, type RateLimiter } from '../../lib/rate-limiter';
import type { LedgerService } from '../ledger/ledger.service';
import type { VerificationService } from '../verification/verification.service';
import { AuthRepository, type MemberRow } from './auth.repository';
import { defaultRegisterRules, defaultWhitelabel, type MerchantAuthSettings } from './auth-settings';
import type { CaptchaService } from './captcha.service';
import type { LoginGuard } from './login-guard';
import { hashPassword, verifyPassword } from './passwords';
import type { ProofOfWorkService } from './proof-of-work.service';
import type { SecondVerificationService } from './second-verification.service';

/** Sessions end after 2 hours without use, and after 24 hours whatever happens. */
export const SESSION_IDLE_MS = 2 * 60 * 60_000;
export const SESSION_ABSOLUTE_MS = 24 * 60 * 60_000;
/** Trial accounts one address may open per hour. */
export const FREEPLAY_PER_HOUR = 5;
/** Accounts one address, and one device, may open per hour (bulk sign-up). */
export const REGISTER_PER_ADDRESS_HOUR = 10;
export const REGISTER_PER_DEVICE_HOUR = 5;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Who is calling: address, browser, and the device id the web app sends (x-device-id), if any. */
export type Caller = { ip: string; userAgent: string; deviceId?: string | null };
export type SessionMember = MemberRow & { sessionTokenHash: string };

export class AuthService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly captchas: CaptchaService,
    private readonly limiter: RateLimiter,
    private readonly ledger: LedgerService,
    private readonly verification: VerificationService,
    private readonly secondVerification: SecondVerificationService,
    private readonly pow: ProofOfWorkService,
    private readonly guard: LoginGuard,
  ) {}

  async getSettings(merchant: Merchant): Promise<MerchantAuthSettings> {
    const row = await this.repository.findMerchantSettings(merchant.merchantCode);
    const rules: Record<string, FieldRule> = { ...defaultRegisterRules };
    // Bangladeshi mobile numbers have 11 digits (DECISIONS.md).
    if (merchant.country === 'BD')
      rules.mobileNum = { ...(rules.mobileNum as FieldRule), minLength: 11, maxLength: 11 };
    for (const [field, override] of Object.entries(row?.register_rules ?? {})) {
      if (rules[field])
        rules[field] = { ...(rules[field] as FieldRule), ...(override as Partial<FieldRule>) };
    }
    return {
      whitelabel: { ...defaultWhitelabel, ...(row?.whitelabel ?? {}) },
      registerRules: rules,
      minimumAge: row?.minimum_age ?? 18,
      passwordExpiryDays: row?.password_expiry_days ?? null,
    };
  }

  /** Creates a member by username (spec section 5 rules), opens their wallet and signs them in. */
  async registerByUsername(merchant: Merchant, body: RegisterBody, caller: Caller) {
    const settings = await this.getSettings(merchant);
    if (!settings.whitelabel.USERNAMEREG3) throw new AppError(403, 'REGISTRATION_METHOD_DISABLED');
    // Mistakes in the form's own rules are free; anything that reaches the database counts.
    this.checkRegisterFields(body, settings);
    await this.throttleRegistration(caller);
    const upline = await this.uplineFor(merchant, body.affiliateCode);
    const member = await this.repository.insertMember({
      merchantCode: merchant.merchantCode,
      username: body.username,
      mobile: body.mobileNum || null,
      email: body.email || null,
      passwordHash: await hashPassword(body.password),
      paymentPasswordHash: body.paymentPassword ? await hashPassword(body.paymentPassword) : null,
      type: memberTypes.member,
      nickname: body.username,
      payeeName: body.payeeName || null,
      birthday: body.birthday || null,
      affiliateCode: body.affiliateCode || null,
      referralCode: body.referralCode || null,
      profile: Object.fromEntries(
        (['qqNum', 'line', 'whatsapp', 'facebook', 'wechat', 'idNumber', 'domain'] as const)
          .filter((k) => body[k])
          .map((k) => [k, body[k] as string]),
      ),
      registrationIp: caller.ip,
      uplineId: upline,
    });
    if (!member) throw new AppError(409, 'USERNAME_TAKEN');
    return this.welcome(member, merchant, caller);
  }

  /**
   * Bulk sign-up: a few accounts an hour per address and per device (the id the web app keeps and
   * sends). Attempts that pass the form's rules count whether or not they succeed (a taken
   * username, a wrong code), so a script cannot probe for free.
   */
  private async throttleRegistration(caller: Caller) {
    await enforceLimit(this.limiter, `register-ip:${caller.ip}`, REGISTER_PER_ADDRESS_HOUR, 60 * 60_000);
    if (caller.deviceId) {
      await enforceLimit(
        this.limiter,
        `register-device:${caller.deviceId}`,
        REGISTER_PER_DEVICE_HOUR,
        60 * 60_000,
      );
    }
  }

  /** A new member's wallet, their sign-up address remembered, and their first session. */
  private async welcome(member: MemberRow, merchant: Merchant, caller: Caller) {
    await this.ledger.openAccounts(member.id.toString(), merchant.currency);
    await this.repository.markLoggedIn(member.id);
    await this.secondVerification.trust(member.id, caller.ip);
    return { token: await this.openSession(member.id, caller), firstTimeLogin: true, passwordExpired: false };
  }

  /**
   * Creates a member whose username is their mobile number (spec: the username rule is skipped),
   * after the SMS code sent by /wps/verification/sms/register when REGMOBVERF3 is on.
   */
  async registerByMobile(merchant: Merchant, body: RegisterMobileBody, caller: Caller) {
    const settings = await this.getSettings(merchant);
    if (!settings.whitelabel.MOBILENUMREG3) throw new AppError(403, 'REGISTRATION_METHOD_DISABLED');
    const mobileRule = { ...(settings.registerRules.mobileNum as FieldRule), enabled: true, required: true };
    const mobileCheck = checkField(body.mobileNum, mobileRule);
    if (!mobileCheck.ok) {
      throw AppError.field(
        'mobileNum',
        mobileCheck.reason === 'required' ? 'auth:required' : 'auth:invalidMobile',
      );
    }
    const rules = {
      ...settings.registerRules,
      username: { ...(settings.registerRules.username as FieldRule), enabled: false },
      mobileNum: mobileRule,
    };
    this.checkRegisterFields({ ...body, username: body.mobileNum }, { ...settings, registerRules: rules });
    await this.throttleRegistration(caller);
    const upline = await this.uplineFor(merchant, body.affiliateCode);
    // Checked last, so that a mistake in another field does not use up the code.
    if (settings.whitelabel.REGMOBVERF3) {
      if (!body.verificationCode) throw AppError.field('verificationCode', 'auth:required');
      if (
        !(await this.verification.verifyCode(merchant, body.mobileNum, 'register', body.verificationCode))
      ) {
        throw AppError.field('verificationCode', 'auth:invalidCode');
      }
    }
    const member = await this.repository.insertMember({
      merchantCode: merchant.merchantCode,
      username: body.mobileNum,
      mobile: body.mobileNum,
      email: body.email || null,
      passwordHash: await hashPassword(body.password),
      paymentPasswordHash: body.paymentPassword ? await hashPassword(body.paymentPassword) : null,
      type: memberTypes.member,
      nickname: body.mobileNum,
      payeeName: body.payeeName || null,
      birthday: body.birthday || null,
      affiliateCode: body.affiliateCode || null,
      referralCode: body.referralCode || null,
      profile: {},
      registrationIp: caller.ip,
      uplineId: upline,
    });
    if (!member) throw new AppError(409, 'MOBILE_TAKEN');
    return this.welcome(member, merchant, caller);
  }

  /** The merchant's password rule (for resets, which check new passwords like sign-up does). */
  async passwordRuleOf(merchant: Merchant): Promise<FieldRule> {
    return (await this.getSettings(merchant)).registerRules.password as FieldRule;
  }

  /** Sets a new password with a code sent to the member's mobile, and ends all their sessions. */
  async resetPasswordBySms(merchant: Merchant, body: ResetBySmsBody, caller: Caller) {
    const rule = (await this.getSettings(merchant)).registerRules.password as FieldRule;
    const check = checkField(body.newPassword, rule);
    if (!check.ok) {
      if (check.reason === 'required') throw AppError.field('newPassword', 'auth:required');
      throw AppError.field('newPassword', `auth:patterns.${check.patternId}`, { range: check.range });
    }
    const member = await this.repository.findMemberByMobile(merchant.merchantCode, body.mobileNum);
    const valid = await this.verification.verifyCode(
      merchant,
      body.mobileNum,
      'reset',
      body.verificationCode,
    );
    // The same answer whether or not the number belongs to a member.
    if (!valid || !member) throw AppError.field('verificationCode', 'auth:invalidCode');
    await this.repository.updatePassword(member.id, await hashPassword(body.newPassword));
    await this.repository.revokeSessionsOf(member.id, null);
    // The code proved the phone, so the automatic sign-in that follows (spec section 4) is not challenged.
    await this.secondVerification.trust(member.id, caller.ip);
  }

  private checkRegisterFields(body: RegisterBody, settings: MerchantAuthSettings) {
    const values = body as Record<string, unknown> as Record<string, string | undefined>;
    for (const [field, rule] of Object.entries(settings.registerRules)) {
      const check = checkField(values[field], rule);
      if (check.ok) continue;
      if (check.reason === 'required') throw AppError.field(field, 'auth:required');
      throw AppError.field(field, `auth:patterns.${check.patternId}`, { range: check.range });
    }
    if (body.confirmPassword !== body.password)
      throw AppError.field('confirmPassword', 'auth:confirmMismatch');
    if (body.birthday && settings.registerRules.birthday?.enabled) {
      const born = new Date(`${body.birthday}T00:00:00Z`);
      if (Number.isNaN(born.getTime()) || born.toISOString().slice(0, 10) !== body.birthday)
        throw AppError.field('birthday', 'auth:invalidDate');
      // Spec section 5: age by year difference.
      if (new Date().getUTCFullYear() - born.getUTCFullYear() < settings.minimumAge)
        throw AppError.field('birthday', 'auth:minimumAge', { age: settings.minimumAge });
    }
  }

  /**
   * Username and password sign-in. After a recent failure of the account from this address (or
   * failures of it from several addresses, or of several sign-ins from this address: LoginGuard's
   * thresholds), the attempt must carry a solved proof of work (and, where the merchant wants it, an
   * image captcha too); someone else signing in on the same browser after a typo is not challenged. Failures slow down and then stop the address that makes them (LoginGuard); the account is
   * locked for everyone only after failures from many addresses, and its owner can lift that lock.
   */
  async login(merchant: Merchant, body: LoginBody, caller: Caller) {
    const account = `${merchant.merchantCode}:${body.username.toLowerCase()}`;
    await this.guard.before(account, caller.ip);
    if (await this.guard.challengeRequired(account, caller.ip)) {
      const flag = { captchaRequired: true, challenge: 'pow' };
      if (!body.altcha) throw new AppError(400, 'CAPTCHA_REQUIRED', {}, flag);
      if (!(await this.pow.verify(body.altcha))) throw new AppError(400, 'CAPTCHA_INVALID', {}, flag);
      if ((await this.getSettings(merchant)).whitelabel.LOGIN_IMAGE_CAPTCHA) {
        const image = { ...flag, image: true };
        if (!body.captcha || !body.captchaId) throw new AppError(400, 'CAPTCHA_REQUIRED', {}, image);
        if (!(await this.captchas.verify(body.captchaId, body.captcha)))
          throw new AppError(400, 'CAPTCHA_INVALID', {}, image);
      }
    }
    // SMS login (spec section 3): username carries the mobile number and password the code.
    const member =
      body.type === 'sms'
        ? await this.repository.findMemberByMobile(merchant.merchantCode, body.username)
        : await this.repository.findMemberByUsername(merchant.merchantCode, body.username);
    const valid =
      body.type === 'sms'
        ? await this.verification.verifyCode(merchant, body.username, 'login', body.password)
        : await verifyPassword(member?.password_hash, body.password);
    if (!member || !valid) {
      await this.guard.failed(account, caller.ip);
      throw new AppError(401, 'INVALID_CREDENTIALS', {}, { captchaRequired: true, challenge: 'pow' });
    }
    if (body.loginFrom === 'agent' && !agentTypes.includes(member.type)) {
      throw new AppError(403, member.type === memberTypes.trial ? 'NON_MEMBER_LOGIN' : 'NON_AGENT_LOGIN');
    }
    // Only someone who knows the password learns that the account is blocked.
    if (member.blocked) throw new AppError(403, 'ACCOUNT_BLOCKED');
    await this.guard.succeeded(account, caller.ip);
    const settings = await this.getSettings(merchant);
    const expiryMs = settings.passwordExpiryDays ? settings.passwordExpiryDays * 86_400_000 : null;
    const passwordExpired =
      body.type !== 'sms' &&
      (member.must_change_password ||
        (settings.whitelabel.PASSWORD_EXPIRY &&
          expiryMs !== null &&
          Date.now() - new Date(member.password_changed_at).getTime() > expiryMs));
    const firstTimeLogin = member.first_login;
    // An SMS login has just proven the phone; a password login from a new address must prove more.
    if (body.type === 'sms') await this.secondVerification.trust(member.id, caller.ip);
    else {
      await this.secondVerification.gate(
        member,
        caller,
        { firstTimeLogin, passwordExpired },
        settings.whitelabel.SECOND_VERIFICATION,
      );
    }
    if (firstTimeLogin) await this.repository.markLoggedIn(member.id);
    return { token: await this.openSession(member.id, caller), firstTimeLogin, passwordExpired };
  }

  /** Sends the code of a second-verification challenge by SMS or e-mail. */
  async sendSecondVerificationCode(
    merchant: Merchant,
    body: { challengeId: string; method: 'sms' | 'email' },
    caller: Caller,
  ) {
    const member = await this.challengeMember(merchant, body.challengeId);
    return this.secondVerification.sendCode(merchant, member, body.challengeId, body.method, caller);
  }

  /** Passes a second-verification challenge and opens the session the login was held back from. */
  async completeSecondVerification(
    merchant: Merchant,
    body: { challengeId: string; method: SecondVerificationMethod; code: string },
    caller: Caller,
  ) {
    const member = await this.challengeMember(merchant, body.challengeId);
    const outcome = await this.secondVerification.complete(
      member,
      body.challengeId,
      body.method,
      body.code,
      caller,
    );
    if (outcome.firstTimeLogin) await this.repository.markLoggedIn(member.id);
    return { token: await this.openSession(member.id, caller), ...outcome };
  }

  private async challengeMember(merchant: Merchant, challengeId: string): Promise<MemberRow> {
    const memberId = await this.secondVerification.memberIdOf(challengeId);
    const member = memberId === null ? undefined : await this.repository.findMemberById(memberId);
    if (!member || member.merchant_code !== merchant.merchantCode)
      throw new AppError(400, 'CHALLENGE_EXPIRED');
    return member;
  }

  /** The agent whose invitation code a newcomer typed, or null when none was typed. */
  private async uplineFor(merchant: Merchant, affiliateCode: string | undefined): Promise<bigint | null> {
    if (!affiliateCode) return null;
    const agent = await this.repository.findAgentByInviteCode(merchant.merchantCode, affiliateCode);
    if (!agent || !agentTypes.includes(agent.type)) throw new AppError(400, 'INVALID_AFFILIATE_CODE');
    return agent.id;
  }

  /** GET /wps/agent/affiliate: whether an invitation code belongs to an agent of this merchant. */
  async checkAffiliateCode(merchant: Merchant, code: string): Promise<void> {
    await this.uplineFor(merchant, code || '-');
  }

  /** Free play (spec section 1): a trial member (type 4) with a play wallet and no password anyone knows. */
  async freePlay(merchant: Merchant, caller: Caller) {
    const hit = await this.limiter.hit(`freeplay:${caller.ip}`, FREEPLAY_PER_HOUR, 60 * 60_000);
    if (!hit.allowed) {
      throw new AppError(429, 'TOO_MANY_REQUESTS', { minutes: Math.ceil(hit.retryAfterMs / 60_000) });
    }
    const settings = await this.getSettings(merchant);
    if (!settings.whitelabel.FREEPLAY) throw new AppError(403, 'REGISTRATION_METHOD_DISABLED');
    const username = `guest${randomBytes(5).toString('hex')}`;
    const member = await this.repository.insertMember({
      merchantCode: merchant.merchantCode,
      username,
      mobile: null,
      email: null,
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      paymentPasswordHash: null,
      type: memberTypes.trial,
      nickname: username,
      payeeName: null,
      birthday: null,
      affiliateCode: null,
      referralCode: null,
      profile: {},
      registrationIp: caller.ip,
      uplineId: null,
    });
    if (!member) throw new Error('trial username collision');
    // Free play is play money (DECISIONS.md): the account starts with its first top-up.
    await this.ledger.topUpPlayMoney(member.id.toString(), 'start');
    return this.welcome(member, merchant, caller);
  }

  /**
   * Changes the password (spec section 5: old password, a valid new one, the same confirmation) and
   * ends every other session of the member, so a stolen session dies with the old password.
   */
  async changePassword(
    member: SessionMember,
    body: { oldPassword: string; newPassword: string; confirmNewPassword: string },
  ) {
    if (member.type === memberTypes.trial) throw new AppError(403, 'TRIAL_NOT_ALLOWED');
    const merchant = merchantByCode(member.merchant_code);
    const rule = (await this.getSettings(merchant)).registerRules.password as FieldRule;
    if (!body.oldPassword) throw AppError.field('oldPassword', 'auth:required');
    const check = checkField(body.newPassword, rule);
    if (!check.ok) {
      if (check.reason === 'required') throw AppError.field('newPassword', 'auth:required');
      throw AppError.field('newPassword', `auth:patterns.${check.patternId}`, { range: check.range });
    }
    if (body.confirmNewPassword !== body.newPassword)
      throw AppError.field('confirmNewPassword', 'auth:confirmPasswordWrong');
    if (!(await verifyPassword(member.password_hash, body.oldPassword))) {
      throw AppError.field('oldPassword', 'auth:oldPasswordWrong');
    }
    await this.repository.updatePassword(member.id, await hashPassword(body.newPassword));
    await this.repository.revokeSessionsOf(member.id, member.sessionTokenHash);
  }

  /** Remembers an address a member proved themselves from another way (e.g. a social provider). */
  trustAddress(memberId: bigint, ip: string): Promise<void> {
    return this.secondVerification.trust(memberId, ip);
  }

  /** Opens a session for a member who has proven who they are; answers the opaque token. */
  async openSession(memberId: bigint, caller: Caller): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const opened = await this.repository.insertSession({
      tokenHash: hashToken(token),
      memberId,
      expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
      ip: caller.ip,
      userAgent: caller.userAgent,
    });
    if (!opened) throw new AppError(403, 'ACCOUNT_BLOCKED');
    return token;
  }

  /** The member behind a token, or null when the token is unknown, revoked, idle too long or too old. */
  async resolveSession(token: string): Promise<SessionMember | null> {
    const tokenHash = hashToken(token);
    const session = await this.repository.findSession(tokenHash);
    if (!session || session.revoked_at) return null;
    const now = Date.now();
    if (new Date(session.expires_at).getTime() <= now) return null;
    const lastSeen = new Date(session.last_seen_at).getTime();
    if (now - lastSeen > SESSION_IDLE_MS) return null;
    // One write a minute at most, not one per request.
    if (now - lastSeen > 60_000) await this.repository.touchSession(session.id);
    const member = await this.repository.findMemberById(session.member_id);
    return member ? { ...member, sessionTokenHash: tokenHash } : null;
  }

  logout(tokenHash: string): Promise<boolean> {
    return this.repository.revokeSession(tokenHash);
  }

  async memberInfo(member: SessionMember) {
    const merchant = merchantByCode(member.merchant_code);
    const isTrial = member.type === memberTypes.trial;
    // A free-play member's balance is their play money, in its own currency (the web marks it so);
    // a member's is their cash.
    const balance = isTrial
      ? await this.ledger.playBalance(member.id.toString())
      : (
          await this.ledger.getAccount(
            (
              await this.ledger.openAccounts(member.id.toString(), merchant.currency)
            ).cash,
          )
        ).balance;
    return {
      id: member.id.toString(),
      account: member.username,
      nickname: member.nickname ?? member.username,
      type: member.type,
      isAgent: agentTypes.includes(member.type),
      isTrial,
      merchantCode: member.merchant_code,
      balance: Number(balance),
      currency: isTrial ? PLAY_MONEY_CURRENCY : merchant.currency,
      currencySymbol: isTrial ? PLAY_MONEY_CURRENCY : currencyInfo[merchant.currency].symbol,
      // VIP, promotions and referral arrive with their own features.
      hasVip: false,
      vipLabelName: null,
      vipRankLevel: 0,
      availablePromoCount: 0,
      // Spec section 6: trial members do not load messages.
      unreadMessage:
        member.type === memberTypes.trial ? 0 : await this.repository.countUnreadMessages(member.id),
      availablePromo: { REFERRAL: { enabled: false } },
    };
  }
}

export { AuthRepository };
