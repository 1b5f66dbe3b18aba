import { randomBytes } from 'node:crypto';

/** Wrong payment passwords per member before a 30-minute lock. */
export const PAYMENT_PASSWORD_FAILURES = 5;
export const PAYMENT_PASSWORD_LOCK_MS = 30 * 60_000;

/** Crockford-free base32 (A–Z, 2–7): 16 characters carry 80 random bits. */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export function newPublicId(prefix: 'D' | 'W'): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = prefix;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** One page of a member's or the operator's list, in the spec's page shape. */
export const pageOf = <T>(content: T[], pageNo: number, pageSize: number, total: number) => ({
  content,
  pageNum: pageNo,
  totalPages: Math.max(1, Math.ceil(total / pageSize)),
  total,
});
