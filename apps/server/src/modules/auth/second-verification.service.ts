import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Merchant, SecondVerificationChallenge, SecondVerificationMethod } from '@sorte/shared';
import { AppError, tooManyRequests } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { EmailProvider } from '../email/email-provider';
import { chargeEmail, chargeSms } from '../verification/send-limits';
import type { SmsProvider } from '../verification/sms-provider';
import { internationalNumber } from '../verification/verification.service';
import type { MemberRow } from './auth.repository';
import type { LoginChallengeRepository } from './login-challenge.repository';

/** A challenge must be passed within 10 minutes of the login that raised it. */
export const CHALLENGE_TTL_MS = 10 * 60_000;
export const CHALLENGE_CODE_MINUTES = 5;
/** Wrong answers, and codes sent, allowed per challenge. */
export const CHALLENGE_MAX_ATTEMPTS = 5;
export const CHALLENGE_MAX_SENDS = 5;

type Caller = { ip: string; userAgent: string };
type LoginOutcome = { firstTimeLogin: boolean; passwordExpired: boolean };

const codeHash = (challengeId: string, code: string) =>
  createHash('sha256').update(`${challengeId}:${code}`).digest('hex');

/** "5511987654321" → "55*******4321": enough to recognise one's own number, not to learn it. */
export const maskMobile = (mobile: string) =>
  mobile.length <= 6
    ? '*'.repeat(mobile.length)
    : `${mobile.slice(0, 2)}${'*'.repeat(mobile.length - 6)}${mobile.slice(-4)}`;
export const maskEmail = (email: string) => {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
};

/** Payee names are compared the way a person would type them: case, accents and spacing aside. */
const normaliseName = (name: string) =>
  name.normalize('NFKD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();

const sameText = (a: string, b: string) => {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
};

/**
 * Spec section 4: "Login from an unregistered IP requires extra verification: mobile code, linked
 * e-mail, bank account name or Google code." The methods a member can use are those whose data we
 * hold (mobile, e-mail, payee name); Google codes join the same list when authenticator enrolment
 * exists. A member with none of them cannot be challenged, and signs in as before.
 */
export class SecondVerificationService {
  constructor(
    private readonly challenges: LoginChallengeRepository,
    private readonly sms: SmsProvider,
    private readonly email: EmailProvider,
    private readonly limiter: RateLimiter,
  ) {}

  methodsOf(member: MemberRow): SecondVerificationChallenge['methods'] {
    const methods: SecondVerificationChallenge['methods'] = [];
    if (member.mobile) methods.push({ method: 'sms', target: maskMobile(member.mobile) });
    if (member.email) methods.push({ method: 'email', target: maskEmail(member.email) });
    if (member.payee_name) methods.push({ method: 'payeeName', target: '' });
    return methods;
  }

  /** Remembers the address a member has just proven themselves from (sign-up, trial, social). */
  async trust(memberId: bigint, ip: string): Promise<void> {
    await this.challenges.touchKnownIp(memberId, ip);
  }

  /**
   * Lets a correct login through when its address is known (or is the member's first), and
   * otherwise stops it with a challenge the client must pass on /wps/session/login/verification.
   */
  async gate(member: MemberRow, caller: Caller, outcome: LoginOutcome, enabled: boolean): Promise<void> {
    if (await this.challenges.isKnownIp(member.id, caller.ip)) {
      await this.challenges.touchKnownIp(member.id, caller.ip);
      return;
    }
    const methods = this.methodsOf(member);
    const firstAddress = (await this.challenges.knownIpCount(member.id)) === 0;
    if (!enabled || firstAddress || methods.length === 0) {
      await this.challenges.touchKnownIp(member.id, caller.ip);
      return;
    }
    const challengeId = randomBytes(24).toString('base64url');
    await this.challenges.insertChallenge({
      id: challengeId,
      memberId: member.id,
      ip: caller.ip,
      userAgent: caller.userAgent,
      ...outcome,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
    throw new AppError(403, 'SECOND_VERIFICATION_REQUIRED', {}, { challengeId, methods });
  }

  /** Sends a fresh 6-digit code by SMS or e-mail; the previous code of the challenge stops working. */
  async sendCode(
    merchant: Merchant,
    member: MemberRow,
    challengeId: string,
    method: 'sms' | 'email',
    caller: Caller,
  ): Promise<{ expiredMinutes: number }> {
    const challenge = await this.liveChallenge(challengeId, caller);
    if (challenge.member_id !== member.id) throw new AppError(400, 'CHALLENGE_EXPIRED');
    if (!this.methodsOf(member).some((m) => m.method === method)) {
      throw AppError.field('method', 'auth:methodUnavailable');
    }
    // Spec section 9: one message a second; and a cap per challenge so nobody floods the member.
    const perSecond = await this.limiter.hit(`challenge-send:${challengeId}`, 1, 1_000);
    if (!perSecond.allowed || challenge.sends >= CHALLENGE_MAX_SENDS) {
      throw tooManyRequests(Math.max(1_000, perSecond.retryAfterMs));
    }
    // The same per-number, per-mailbox, per-address and per-merchant limits as every other message.
    if (method === 'sms') {
      const e164 = internationalNumber(merchant, member.mobile as string);
      await chargeSms(this.limiter, { merchantCode: merchant.merchantCode, e164, ip: caller.ip });
    } else {
      const to = member.email as string;
      await chargeEmail(this.limiter, { merchantCode: merchant.merchantCode, to, ip: caller.ip });
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.challenges.storeCode(
      challengeId,
      method,
      codeHash(challengeId, code),
      new Date(Date.now() + CHALLENGE_CODE_MINUTES * 60_000),
    );
    const text = `Sorte: your sign-in code is ${code}. It expires in ${CHALLENGE_CODE_MINUTES} minutes. If you did not try to sign in, change your password.`;
    if (method === 'sms') await this.sms.send(internationalNumber(merchant, member.mobile as string), text);
    else await this.email.send({ to: member.email as string, subject: 'Sorte sign-in code', body: text });
    return { expiredMinutes: CHALLENGE_CODE_MINUTES };
  }

  /**
   * Checks the answer to a challenge. On success the address becomes known and the login outcome
   * saved with the challenge is returned, for the caller to open the session.
   */
  async complete(
    member: MemberRow,
    challengeId: string,
    method: SecondVerificationMethod,
    answer: string,
    caller: Caller,
  ): Promise<LoginOutcome> {
    const challenge = await this.liveChallenge(challengeId, caller);
    if (challenge.member_id !== member.id) throw new AppError(400, 'CHALLENGE_EXPIRED');
    let correct: boolean;
    if (method === 'payeeName') {
      correct = !!member.payee_name && sameText(normaliseName(answer), normaliseName(member.payee_name));
    } else {
      correct =
        challenge.code_method === method &&
        !!challenge.code_hash &&
        !!challenge.code_expires_at &&
        new Date(challenge.code_expires_at).getTime() > Date.now() &&
        /^\d{6}$/.test(answer) &&
        sameText(codeHash(challengeId, answer), challenge.code_hash);
    }
    if (!correct) {
      await this.challenges.countAttempt(challengeId);
      throw AppError.field('code', method === 'payeeName' ? 'auth:payeeNameWrong' : 'auth:invalidCode');
    }
    if (!(await this.challenges.consume(challengeId))) throw new AppError(400, 'CHALLENGE_EXPIRED');
    await this.challenges.touchKnownIp(member.id, caller.ip);
    return { firstTimeLogin: challenge.first_time_login, passwordExpired: challenge.password_expired };
  }

  async memberIdOf(challengeId: string): Promise<bigint | null> {
    return (await this.challenges.findChallenge(challengeId))?.member_id ?? null;
  }

  /** A challenge that is unused, unexpired, not out of guesses, and answered from where it was raised. */
  private async liveChallenge(challengeId: string, caller: Caller) {
    const challenge = await this.challenges.findChallenge(challengeId);
    if (
      !challenge ||
      challenge.used_at ||
      new Date(challenge.expires_at).getTime() <= Date.now() ||
      challenge.attempts >= CHALLENGE_MAX_ATTEMPTS ||
      challenge.ip !== caller.ip
    ) {
      throw new AppError(400, 'CHALLENGE_EXPIRED');
    }
    return challenge;
  }
}
