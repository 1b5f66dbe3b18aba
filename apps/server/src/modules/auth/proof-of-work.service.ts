import { randomBytes } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Connection } from '../../db/client';
import type { RateLimiter } from '../../lib/rate-limiter';

/** A challenge must be solved and used within 5 minutes. */
export const POW_TTL_MS = 5 * 60_000;
/**
 * The secret number is drawn below this: a browser tries about half of it on average (well under
 * a second with crypto.subtle), while a program wanting thousands of guesses pays for every one.
 */
export const POW_MAX_NUMBER = 100_000;

export type PowChallenge = {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
};

/**
 * Self-hosted proof of work (ALTCHA protocol v1): the server signs `sha256(salt + n)` with HMAC
 * and an expiry inside the salt; the client finds `n` by brute force. Unlike an image captcha, a
 * program cannot read the answer: it must spend the same hashing work as a browser, each time.
 * The key is generated once and kept in the database, so every instance verifies every other's.
 */
export class ProofOfWorkService {
  private key: Promise<string> | null = null;

  constructor(
    private readonly db: Connection,
    private readonly limiter: RateLimiter,
  ) {}

  private hmacKey(): Promise<string> {
    this.key ??= (async () => {
      await this.db.query(
        `insert into server_secrets (name, value) values ('pow-hmac', $1) on conflict (name) do nothing`,
        [randomBytes(32).toString('hex')],
      );
      const [row] = await this.db.query<{ value: string }>(
        `select value from server_secrets where name = 'pow-hmac'`,
      );
      return (row as { value: string }).value;
    })().catch((error) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }

  async create(): Promise<PowChallenge> {
    const challenge = await createChallenge({
      hmacKey: await this.hmacKey(),
      maxnumber: POW_MAX_NUMBER,
      expires: new Date(Date.now() + POW_TTL_MS),
    });
    return { ...challenge, algorithm: 'SHA-256', maxnumber: POW_MAX_NUMBER };
  }

  /**
   * True once for a correct, unexpired solution signed by us. The signature is remembered (through
   * Redis when configured) until the challenge would have expired, so one solution opens one attempt.
   */
  async verify(payload: string | undefined): Promise<boolean> {
    if (!payload || payload.length > 2048) return false;
    let parsed: { signature?: unknown; algorithm?: unknown };
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    } catch {
      return false;
    }
    if (typeof parsed?.signature !== 'string' || parsed.algorithm !== 'SHA-256') return false;
    if (!(await verifySolution(payload, await this.hmacKey(), true))) return false;
    const use = await this.limiter.hit(`pow-used:${parsed.signature}`, 1, POW_TTL_MS);
    return use.allowed;
  }
}
