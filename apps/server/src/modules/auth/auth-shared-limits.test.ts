import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helper';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';

const redisUrl = process.env.REDIS_URL;

/**
 * Two API instances on one database and one Redis, as behind a load balancer: a throttle or a
 * failed-login count earned on one must hold on the other.
 */
describe.runIf(redisUrl)('abuse limits shared across instances through Redis', () => {
  let db: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDatabase();
    // A prefix of this run only, so counters of earlier runs (locks last 30 minutes) never leak in.
    const config = testConfig({ redisUrl, redisKeyPrefix: `sorte-test-${randomBytes(4).toString('hex')}:` });
    a = await buildApp(config, { db });
    b = await buildApp(config, { db });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.close();
  });

  it('asks for the captcha on instance B after a failed login on instance A', async () => {
    const password = 'shared pass 123';
    await a.inject({
      method: 'PUT',
      url: '/wps/member/register',
      payload: { username: 'partilha1', password, confirmPassword: password },
      remoteAddress: '10.50.0.1',
    });
    const failed = await a.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'partilha1', password: 'wrong password' },
      remoteAddress: '10.50.0.2',
    });
    expect(failed.statusCode).toBe(401);
    const onB = await b.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'partilha1', password },
      remoteAddress: '10.50.0.3',
    });
    expect(onB.statusCode).toBe(400);
    expect(onB.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captchaRequired: true } });
  });

  it('refreshes the captcha once a second across both instances', async () => {
    expect((await a.inject({ url: '/wps/captcha', remoteAddress: '10.50.1.1' })).statusCode).toBe(200);
    expect((await b.inject({ url: '/wps/captcha', remoteAddress: '10.50.1.1' })).statusCode).toBe(429);
  });

  it('sends one SMS a second to a number across both instances', async () => {
    const send = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/wps/verification/sms/register',
        payload: { mobileNo: '11955554444' },
        remoteAddress: '10.50.2.1',
      });
    expect((await send(a)).statusCode).toBe(200);
    const second = await send(b);
    expect(second.statusCode).toBe(429);
    expect(second.json().code).toBe('TOO_MANY_REQUESTS');
  });
});
