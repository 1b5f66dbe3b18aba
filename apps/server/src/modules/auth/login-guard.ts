import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';

/** Failures kept in mind for this long (per address, per account+address, per account). */
export const LOGIN_FAILURE_WINDOW_MS = 30 * 60_000;
/** Failures of one account from one address after which each further attempt must wait 2^k seconds. */
export const PAIR_FREE_FAILURES = 3;
/** Failures of one account from one address that lock the account for that address only. */
export const PAIR_LOCK_FAILURES = 10;
/** Failures from one address (any accounts) after which its attempts must wait 2^k seconds. */
export const ADDRESS_FREE_FAILURES = 20;
/** Failures of one account from all addresses that lock it everywhere, until the owner unlocks it. */
export const ACCOUNT_LOCK_FAILURES = 30;
/**
 * Failures from one address (any accounts) after which every sign-in from it must carry a proof of
 * work: an address trying several accounts. Below it, a failure challenges only its own account
 * there, so the next person signing in on the same browser (or behind the same shared address) is
 * not asked to prove anything for someone else's typo.
 */
export const ADDRESS_CHALLENGE_FAILURES = 5;
/** Failures of one account from all addresses after which every address must prove work for it. */
export const ACCOUNT_CHALLENGE_FAILURES = 3;
/** The longest wait between attempts. */
export const MAX_WAIT_MS = 5 * 60_000;
/** How long an address that proved the owner (an unlock code) passes the account-wide lock. */
export const UNLOCKED_ADDRESS_MS = 30 * 60_000;
export const LOGIN_LOCK_MS = LOGIN_FAILURE_WINDOW_MS;

const pairKey = (account: string, ip: string) => `login-fail:${account}:${ip}`;
const addressKey = (ip: string) => `login-fail-ip:${ip}`;
const accountKey = (account: string) => `login-fail-acct:${account}`;
const unlockedKey = (account: string, ip: string) => `login-unlocked:${account}:${ip}`;
/** Where the enforced pause of an account+address (or an address) lives. Exported for tests. */
export const loginWaitKeys = (account: string, ip: string) => [
  `login-wait:${account}:${ip}`,
  `login-wait-ip:${ip}`,
];

/** The pause before the next attempt: none before `free` failures, then 1, 2, 4 … s (at most MAX_WAIT_MS). */
export const waitAfter = (failures: number, free: number) =>
  failures < free ? 0 : Math.min(MAX_WAIT_MS, 1000 * 2 ** (failures - free));

/**
 * Sign-in throttles that cannot be turned against the account owner. Failures count per address,
 * per account+address and per account; each limit slows or stops the guesser where the guesses
 * come from. A whole-account lock only follows many failures from many addresses, and the owner
 * lifts it with a code sent to their own mobile or e-mail. Counters live in the shared rate
 * limiter, so they hold across instances when Redis is configured.
 */
export class LoginGuard {
  constructor(private readonly limiter: RateLimiter) {}

  /** Refuses an attempt made while locked or before the enforced pause has passed. */
  async before(account: string, ip: string): Promise<void> {
    if ((await this.limiter.peek(pairKey(account, ip))) >= PAIR_LOCK_FAILURES) {
      throw new AppError(429, 'ACCOUNT_LOCKED', { minutes: LOGIN_LOCK_MS / 60_000 }, { unlock: false });
    }
    if (
      (await this.limiter.peek(accountKey(account))) >= ACCOUNT_LOCK_FAILURES &&
      (await this.limiter.peek(unlockedKey(account, ip))) === 0
    ) {
      throw new AppError(429, 'ACCOUNT_LOCKED', { minutes: LOGIN_LOCK_MS / 60_000 }, { unlock: true });
    }
    for (const key of loginWaitKeys(account, ip)) {
      // Only a pause that is set is probed: probing an unset one opened a 1 ms window of its own,
      // and two attempts from one address within the same millisecond then refused each other.
      // When a pause is set, this second hit is over its limit of one and answers the time left.
      if ((await this.limiter.peek(key)) === 0) continue;
      const probe = await this.limiter.hit(key, 1, 1);
      if (!probe.allowed) {
        const seconds = Math.max(1, Math.ceil(probe.retryAfterMs / 1000));
        throw new AppError(429, 'LOGIN_TOO_FAST', { seconds }, { retryAfterSeconds: seconds });
      }
    }
  }

  /**
   * Whether this attempt must carry a solved proof of work: after a recent failure of this account
   * from this address, after failures of this account from several addresses, or after failures of
   * several sign-ins from this address. One typo challenges the typo's account on its address only.
   */
  async challengeRequired(account: string, ip: string): Promise<boolean> {
    return (
      (await this.limiter.peek(pairKey(account, ip))) > 0 ||
      (await this.limiter.peek(accountKey(account))) >= ACCOUNT_CHALLENGE_FAILURES ||
      (await this.limiter.peek(addressKey(ip))) >= ADDRESS_CHALLENGE_FAILURES
    );
  }

  async failed(account: string, ip: string): Promise<void> {
    const pair = await this.limiter.hit(
      pairKey(account, ip),
      Number.MAX_SAFE_INTEGER,
      LOGIN_FAILURE_WINDOW_MS,
    );
    const address = await this.limiter.hit(addressKey(ip), Number.MAX_SAFE_INTEGER, LOGIN_FAILURE_WINDOW_MS);
    await this.limiter.hit(accountKey(account), Number.MAX_SAFE_INTEGER, LOGIN_FAILURE_WINDOW_MS);
    const [pairWait, addressWait] = loginWaitKeys(account, ip) as [string, string];
    await this.pause(pairWait, waitAfter(pair.count, PAIR_FREE_FAILURES));
    await this.pause(addressWait, waitAfter(address.count, ADDRESS_FREE_FAILURES));
  }

  /**
   * A correct sign-in clears what this address earned on this account, and the account's count
   * towards the whole-account lock: the owner has just shown they are in control.
   */
  async succeeded(account: string, ip: string): Promise<void> {
    await this.limiter.reset(accountKey(account));
    await this.limiter.reset(pairKey(account, ip));
    await this.limiter.reset(loginWaitKeys(account, ip)[0] as string);
  }

  /** The owner proved themselves with an unlock code: lift the account lock, and let this address by. */
  async unlock(account: string, ip: string): Promise<void> {
    await this.succeeded(account, ip);
    await this.limiter.reset(unlockedKey(account, ip));
    await this.limiter.hit(unlockedKey(account, ip), Number.MAX_SAFE_INTEGER, UNLOCKED_ADDRESS_MS);
  }

  private async pause(key: string, ms: number): Promise<void> {
    if (ms <= 0) return;
    await this.limiter.reset(key);
    await this.limiter.hit(key, 1, ms);
  }
}
