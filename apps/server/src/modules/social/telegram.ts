import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Telegram's own advice: a login older than a day is refused, so a leaked payload soon stops working. */
export const TELEGRAM_MAX_AGE_SECONDS = 24 * 60 * 60;
/** A payload dated in the future beyond clock drift cannot be a real login of now. */
const TELEGRAM_CLOCK_SKEW_SECONDS = 5 * 60;

type TelegramPayload = Record<string, unknown> & { hash: string; auth_date: number };

/**
 * The data-check-string of the login widget: every received field except `hash`, sorted by key,
 * as `key=value` lines. Built from the payload as received, because the hash covers exactly that.
 */
export function telegramDataCheckString(payload: Record<string, unknown>): string {
  return Object.keys(payload)
    .filter((key) => key !== 'hash')
    .sort()
    .map((key) => `${key}=${String(payload[key])}`)
    .join('\n');
}

/** hex HMAC-SHA256 keyed with SHA256(bot token), as Telegram signs the widget payload. */
export function signTelegramPayload(payload: Record<string, unknown>, botToken: string): string {
  const secretKey = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secretKey).update(telegramDataCheckString(payload)).digest('hex');
}

/**
 * True when the payload was signed with our bot's token and is fresh. The comparison takes the
 * same time wherever the hashes differ, so the expected hash cannot be learnt byte by byte.
 */
export function isValidTelegramLogin(
  payload: TelegramPayload,
  botToken: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const expected = Buffer.from(signTelegramPayload(payload, botToken), 'hex');
  const received = Buffer.from(payload.hash.toLowerCase(), 'hex');
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) return false;
  const age = nowSeconds - payload.auth_date;
  return age <= TELEGRAM_MAX_AGE_SECONDS && age >= -TELEGRAM_CLOCK_SKEW_SECONDS;
}
