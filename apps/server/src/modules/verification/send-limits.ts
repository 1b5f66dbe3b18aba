import { tooManyRequests } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** SMS sent on behalf of one address per hour, whatever the numbers (SMS pumping). */
export const SMS_PER_ADDRESS_HOUR = 20;
/** SMS one number receives: one a second (spec section 9) and ten an hour. */
export const SMS_PER_NUMBER_HOUR = 10;
/** Text messages a merchant pays for in a day; past it every send waits for the next day. */
export const SMS_MERCHANT_DAILY_BUDGET = 5_000;
/** E-mails sent on behalf of one address per hour, to one mailbox per hour, and per merchant a day. */
export const EMAIL_PER_ADDRESS_HOUR = 20;
export const EMAIL_PER_MAILBOX_HOUR = 5;
export const EMAIL_MERCHANT_DAILY_BUDGET = 20_000;

const utcDay = () => new Date().toISOString().slice(0, 10);

type Limit = [key: string, limit: number, windowMs: number];

/**
 * Counts one outgoing message against the caller's limits and refuses it (429, with the longest
 * wait) when any is spent; all of them count, so a refused send still uses up the caller's share.
 * Only a send every caller limit allows is charged to the merchant's budget, so refused floods
 * cannot spend the budget other members need.
 */
async function charge(limiter: RateLimiter, callerLimits: Limit[], budget: Limit): Promise<void> {
  let wait = 0;
  for (const [key, limit, windowMs] of callerLimits) {
    const hit = await limiter.hit(key, limit, windowMs);
    if (!hit.allowed) wait = Math.max(wait, hit.retryAfterMs);
  }
  if (wait > 0) throw tooManyRequests(wait);
  const [key, limit, windowMs] = budget;
  const spent = await limiter.hit(key, limit, windowMs);
  if (!spent.allowed) throw tooManyRequests(spent.retryAfterMs);
}

/**
 * Limits for one text message: per number (E.164, so every way of writing it is one number), per
 * caller address, and the merchant's daily budget.
 */
export function chargeSms(
  limiter: RateLimiter,
  send: { merchantCode: string; e164: string; ip: string | null },
): Promise<void> {
  return charge(
    limiter,
    [
      [`sms-1s:${send.e164}`, 1, 1_000],
      [`sms-1h:${send.e164}`, SMS_PER_NUMBER_HOUR, HOUR],
      ...(send.ip ? [[`sms-ip:${send.ip}`, SMS_PER_ADDRESS_HOUR, HOUR] as Limit] : []),
    ],
    [smsBudgetKey(send.merchantCode), SMS_MERCHANT_DAILY_BUDGET, DAY],
  );
}

/** Limits for one e-mail: per mailbox, per caller address, and the merchant's daily budget. */
export function chargeEmail(
  limiter: RateLimiter,
  send: { merchantCode: string; to: string; ip: string | null },
): Promise<void> {
  return charge(
    limiter,
    [
      [`email-to:${send.to.toLowerCase()}`, EMAIL_PER_MAILBOX_HOUR, HOUR],
      ...(send.ip ? [[`email-ip:${send.ip}`, EMAIL_PER_ADDRESS_HOUR, HOUR] as Limit] : []),
    ],
    [`email-budget:${send.merchantCode}:${utcDay()}`, EMAIL_MERCHANT_DAILY_BUDGET, DAY],
  );
}

/** The key of a merchant's SMS budget today, for operators' dashboards and tests. */
export const smsBudgetKey = (merchantCode: string) => `sms-budget:${merchantCode}:${utcDay()}`;
