import { createHash, randomInt } from 'node:crypto';
import type { Merchant } from '@sorte/shared';
import type { Connection } from '../../db/client';
import { tooManyRequests } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { SmsProvider } from './sms-provider';

export type SmsPurpose = 'login' | 'register' | 'reset' | 'verify';

/** Minutes a code stays valid; the client's resend countdown is this × 60 s (spec section 4). */
export const SMS_EXPIRED_MINUTES = 5;
/** Wrong guesses allowed per code before it is spent. */
export const SMS_MAX_ATTEMPTS = 5;
export const SMS_PER_HOUR = 10;

const hashCode = (id: bigint, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

/** Full international number: dialing code + national number, digits only. */
export const internationalNumber = (merchant: Merchant, mobile: string) =>
  `${merchant.countryDialingCode}${mobile.replace(/^0+/, '')}`;

/** One-time SMS codes: 6 digits from a CSPRNG, stored hashed, single use, expiring, throttled. */
export class VerificationService {
  constructor(
    private readonly db: Connection,
    private readonly sms: SmsProvider,
    private readonly limiter: RateLimiter,
  ) {}

  async sendCode(
    merchant: Merchant,
    mobile: string,
    purpose: SmsPurpose,
  ): Promise<{ expiredMinutes: number }> {
    const number = internationalNumber(merchant, mobile);
    // Spec section 9: one SMS per second; and a cap per hour so nobody floods a number.
    const perSecond = await this.limiter.hit(`sms-1s:${number}`, 1, 1_000);
    const perHour = await this.limiter.hit(`sms-1h:${number}`, SMS_PER_HOUR, 60 * 60_000);
    if (!perSecond.allowed || !perHour.allowed) {
      throw tooManyRequests(Math.max(perSecond.retryAfterMs, perHour.retryAfterMs));
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const [row] = await this.db.query<{ id: bigint }>(
      `insert into sms_codes (merchant_code, mobile, purpose, code_hash, expires_at)
       values ($1, $2, $3, '', now() + make_interval(mins => $4)) returning id`,
      [merchant.merchantCode, mobile, purpose, SMS_EXPIRED_MINUTES],
    );
    const id = (row as { id: bigint }).id;
    await this.db.query('update sms_codes set code_hash = $2 where id = $1', [id, hashCode(id, code)]);
    await this.sms.send(number, `Sorte: your code is ${code}. It expires in ${SMS_EXPIRED_MINUTES} minutes.`);
    return { expiredMinutes: SMS_EXPIRED_MINUTES };
  }

  /**
   * Spends the latest code for this number and purpose when it matches. A wrong guess counts; after
   * SMS_MAX_ATTEMPTS the code is dead and a new one must be sent.
   */
  async verifyCode(merchant: Merchant, mobile: string, purpose: SmsPurpose, code: string): Promise<boolean> {
    const [latest] = await this.db.query<{ id: bigint; code_hash: string; attempts: number }>(
      `select id, code_hash, attempts from sms_codes
        where merchant_code = $1 and mobile = $2 and purpose = $3 and used_at is null and expires_at > now()
        order by id desc limit 1`,
      [merchant.merchantCode, mobile, purpose],
    );
    if (!latest || latest.attempts >= SMS_MAX_ATTEMPTS) return false;
    if (!/^\d{6}$/.test(code) || hashCode(latest.id, code) !== latest.code_hash) {
      await this.db.query('update sms_codes set attempts = attempts + 1 where id = $1', [latest.id]);
      return false;
    }
    // The conditional update makes two simultaneous uses of one code succeed once.
    const used = await this.db.query(
      'update sms_codes set used_at = now() where id = $1 and used_at is null returning id',
      [latest.id],
    );
    return used.length === 1;
  }
}
