import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limiter';

const redisUrl = process.env.REDIS_URL;
const clients: Redis[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.quit()));
});

const backends: Array<[string, () => RateLimiter]> = [['in-process', () => createMemoryRateLimiter()]];
if (redisUrl) {
  const prefix = `test:${randomBytes(4).toString('hex')}:`;
  backends.push([
    'redis',
    () => {
      const client = new Redis(redisUrl);
      clients.push(client);
      return createRedisRateLimiter(client, prefix);
    },
  ]);
}

describe.each(backends)('rate limiter (%s)', (_name, make) => {
  it('allows up to the limit in a window, then says how long to wait', async () => {
    const sut = make();
    expect((await sut.hit('sms:5511999', 1, 1_000)).allowed).toBe(true);
    const second = await sut.hit('sms:5511999', 1, 1_000);
    expect(second).toMatchObject({ allowed: false, count: 2 });
    expect(second.retryAfterMs).toBeGreaterThan(0);
    expect(second.retryAfterMs).toBeLessThanOrEqual(1_000);
  });

  it('counts keys separately and forgets a key on reset', async () => {
    const sut = make();
    await sut.hit('a', 5, 60_000);
    await sut.hit('a', 5, 60_000);
    await sut.hit('b', 5, 60_000);
    expect(await sut.peek('a')).toBe(2);
    await sut.reset('a');
    expect(await sut.peek('a')).toBe(0);
    expect(await sut.peek('b')).toBe(1);
  });

  it('opens a new window once the old one has passed', async () => {
    const sut = make();
    await sut.hit('w', 1, 50);
    expect((await sut.hit('w', 1, 50)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 80));
    expect((await sut.hit('w', 1, 50)).allowed).toBe(true);
  });
});

describe.runIf(redisUrl)('rate limiter on Redis across instances', () => {
  it('shares one count between two server instances', async () => {
    const prefix = `test:${randomBytes(4).toString('hex')}:`;
    const [a, b] = [new Redis(redisUrl as string), new Redis(redisUrl as string)];
    clients.push(a, b);
    const instanceA = createRedisRateLimiter(a, prefix);
    const instanceB = createRedisRateLimiter(b, prefix);
    await instanceA.hit('login:ana', 2, 60_000);
    await instanceB.hit('login:ana', 2, 60_000);
    expect((await instanceA.hit('login:ana', 2, 60_000)).allowed).toBe(false);
  });
});
