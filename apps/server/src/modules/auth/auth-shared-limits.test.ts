import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helper';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { solvedPow } from './test-pow';

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
      // The address that failed: one failure challenges its account there (not everywhere).
      remoteAddress: '10.50.0.2',
    });
    expect(onB.statusCode).toBe(400);
    expect(onB.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captchaRequired: true } });
  });

  it('spends a proof of work once across both instances, and pauses an address on both', async () => {
    const password = 'shared pass 456';
    await a.inject({
      method: 'PUT',
      url: '/wps/member/register',
      payload: { username: 'partilha2', password, confirmPassword: password },
      remoteAddress: '10.50.3.1',
    });
    const from = '10.50.3.2';
    const attempt = (app: FastifyInstance, altcha: string, pass = 'wrong password') =>
      app.inject({
        method: 'POST',
        url: '/wps/session/login',
        payload: { username: 'partilha2', password: pass, ...(altcha ? { altcha } : {}) },
        remoteAddress: from,
      });
    expect((await attempt(a, '')).statusCode).toBe(401);
    const altcha = await solvedPow(a, from);
    expect((await attempt(a, altcha)).statusCode).toBe(401);
    expect((await attempt(b, altcha)).json().code).toBe('CAPTCHA_INVALID');
    // The third failure earns a pause, which the other instance enforces too.
    expect((await attempt(b, await solvedPow(b, from))).statusCode).toBe(401);
    const paused = await attempt(a, await solvedPow(a, from), password);
    expect(paused.statusCode).toBe(429);
    expect(paused.json()).toMatchObject({ code: 'LOGIN_TOO_FAST', value: { retryAfterSeconds: 1 } });
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
