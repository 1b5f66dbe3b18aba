import type { Redis } from 'ioredis';
import { tooManyRequests } from './app-error';

export type Hit = { allowed: boolean; count: number; retryAfterMs: number };

/**
 * Fixed-window counters: `hit` counts one event for a key and says whether it is within the limit.
 * In-process for the embedded mode; on Redis when REDIS_URL is set, so every instance shares them.
 */
export type RateLimiter = {
  hit(key: string, limit: number, windowMs: number): Promise<Hit>;
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
};

/** Counts one event for `key` and refuses it with 429 (and the wait) when it is over `limit`. */
export async function enforceLimit(limiter: RateLimiter, key: string, limit: number, windowMs: number) {
  const hit = await limiter.hit(key, limit, windowMs);
  if (!hit.allowed) throw tooManyRequests(hit.retryAfterMs);
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  const sweep = () => {
    // Expired windows are dropped at most once a minute, so memory follows the active keys only.
    const t = now();
    if (t - lastSweep < 60_000) return;
    lastSweep = t;
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  };
  return {
    async hit(key, limit, windowMs) {
      sweep();
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return {
        allowed: w.count <= limit,
        count: w.count,
        retryAfterMs: w.count <= limit ? 0 : w.resetAt - t,
      };
    },
    async peek(key) {
      const w = windows.get(key);
      return w && w.resetAt > now() ? w.count : 0;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/** INCR, set the expiry on the first hit, return the count and the time left, atomically. */
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}`;

export function createRedisRateLimiter(redis: Redis, prefix = 'sorte:rl:'): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const [count, ttl] = (await redis.eval(hitScript, 1, prefix + key, windowMs)) as [number, number];
      return { allowed: count <= limit, count, retryAfterMs: count <= limit ? 0 : Math.max(ttl, 0) };
    },
    async peek(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
