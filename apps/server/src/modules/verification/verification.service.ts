import { createHash, randomInt } from 'node:crypto';
import type { Merchant } from '@sorte/shared';
import type { RateLimiter } from '../../lib/rate-limiter';
import { chargeSms } from './send-limits';
import type { SmsProvider } from './sms-provider';
import type { VerificationRepository } from './verification.repository';

export type SmsPurpose = 'login' | 'register' | 'reset' | 'verify';

/** Minutes a code stays valid; the client's resend countdown is this × 60 s (spec section 4). */
export const SMS_EXPIRED_MINUTES = 5;
/** Wrong guesses allowed per code before it is spent. */
export const SMS_MAX_ATTEMPTS = 5;

const hashCode = (id: bigint, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

/** Full international number (E.164 without the +): dialing code + national number, digits only. */
export const internationalNumber = (merchant: Merchant, mobile: string) =>
  `${merchant.countryDialingCode}${mobile.replace(/^0+/, '')}`;

/**
 * The national number of the merchant's country in whichever form it was typed: "11987654321",
 * "5511987654321", "+55 11 98765-4321" or "0055…" are one number. Separators are accepted only
 * in the international form, the way people copy it. Null when it is not a number of this country
 * within `min`–`max` national digits.
 */
export function nationalNumber(merchant: Merchant, typed: string, min: number, max: number): string | null {
  const code = merchant.countryDialingCode;
  let digits = typed.trim();
  let international = false;
  if (/^(\+|00)/.test(digits)) {
    digits = digits.replace(/^(\+|00)/, '').replace(/[\s().-]/g, '');
    international = true;
  }
  if (!/^\d+$/.test(digits)) return null;
  const fits = (n: string) => n.length >= min && n.length <= max;
  if (international || (!fits(digits) && digits.startsWith(code))) {
    if (!digits.startsWith(code)) return null;
    digits = digits.slice(code.length);
    // Numbers written nationally with a trunk 0 (Bangladesh: 01712345678) lose it after the code.
    if (!fits(digits) && fits(`0${digits}`)) digits = `0${digits}`;
  }
  return fits(digits) ? digits : null;
}

/** One-time SMS codes: 6 digits from a CSPRNG, stored hashed, single use, expiring, throttled. */
export class VerificationService {
  constructor(
    private readonly codes: VerificationRepository,
    private readonly sms: SmsProvider,
    private readonly limiter: RateLimiter,
  ) {}

  async sendCode(
    merchant: Merchant,
    mobile: string,
    purpose: SmsPurpose,
    callerIp: string | null = null,
  ): Promise<{ expiredMinutes: number }> {
    const number = internationalNumber(merchant, mobile);
    // Spec section 9: one SMS per second to a number; with caps per number, per caller address and
    // per merchant a day, so nobody floods a number or pumps SMS to many numbers at our cost.
    await chargeSms(this.limiter, { merchantCode: merchant.merchantCode, e164: number, ip: callerIp });
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const id = await this.codes.insertCode(merchant.merchantCode, mobile, purpose, SMS_EXPIRED_MINUTES);
    await this.codes.setCodeHash(id, hashCode(id, code));
    await this.sms.send(number, `Sorte: your code is ${code}. It expires in ${SMS_EXPIRED_MINUTES} minutes.`);
    return { expiredMinutes: SMS_EXPIRED_MINUTES };
  }

  /**
   * Spends the latest code for this number and purpose when it matches. A wrong guess counts; after
   * SMS_MAX_ATTEMPTS the code is dead and a new one must be sent.
   */
  async verifyCode(merchant: Merchant, mobile: string, purpose: SmsPurpose, code: string): Promise<boolean> {
    const latest = await this.codes.latestCode(merchant.merchantCode, mobile, purpose);
    if (!latest || latest.attempts >= SMS_MAX_ATTEMPTS) return false;
    if (!/^\d{6}$/.test(code) || hashCode(latest.id, code) !== latest.code_hash) {
      await this.codes.countWrongGuess(latest.id);
      return false;
    }
    return this.codes.spend(latest.id);
  }
}
