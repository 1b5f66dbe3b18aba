import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from '../lib/rate-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared state across instances; null in the embedded mode (everything in-process). */
    redis: Redis | null;
    rateLimiter: RateLimiter;
  }
}

export const redisPlugin = fp(
  async (app) => {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate('redis', null);
      app.decorate('rateLimiter', createMemoryRateLimiter());
      return;
    }
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    try {
      await redis.connect();
    } catch (error) {
      throw new Error(`REDIS_URL: cannot connect to ${new URL(url).host}: ${(error as Error).message}`);
    }
    app.decorate('redis', redis);
    app.decorate('rateLimiter', createRedisRateLimiter(redis, `${app.config.redisKeyPrefix}rl:`));
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  },
  { name: 'redis', dependencies: ['database'] },
);
