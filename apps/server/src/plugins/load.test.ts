import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { testConfig } from '../config';
import { passwordQueue } from '../modules/auth/passwords';

let ip = 0;
const nextIp = () => `10.91.${Math.floor(++ip / 250)}.${ip % 250}`;

describe('under pressure', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A heap limit of one byte: the first sample puts the server under pressure, and it stays there.
    t = await buildTestApp({
      load: { ...testConfig().load, maxHeapUsedBytes: 1, sampleIntervalMs: 10, retryAfterSeconds: 3 },
      operatorApiKey: 'operator key of the load test 0123456789',
    });
    await vi.waitFor(
      () => {
        if (!t.app.isUnderPressure()) throw new Error('not under pressure yet');
      },
      { timeout: 5000 },
    );
  });
  afterAll(() => t.app.close());

  it('answers 503 SERVER_BUSY with Retry-After, in the envelope and the caller language', async () => {
    const res = await t.app.inject({ url: '/wps/system/status', headers: { lang: 'pt' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('3');
    expect(res.json()).toEqual({
      success: false,
      code: 'SERVER_BUSY',
      message: 'O servidor está ocupado no momento, tente novamente em 3 segundos.',
      value: { retryAfterSeconds: 3 },
    });
  });

  it('still answers /healthz', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('never sheds the seamless wallet: a vendor still gets the protocol form, not a 503', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/vendor/SORTE/wallet/balance',
      headers: { 'content-type': 'application/json', 'x-signature': 'not a signature' },
      payload: '{"token":"x"}',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('status');
  });

  it('shows the operator the event-loop delay and what was shed, and why', async () => {
    await t.app.inject('/wps/system/status');
    expect((await t.app.inject('/ops/load')).statusCode).toBe(401);
    const res = await t.app.inject({
      url: '/ops/load',
      headers: { 'x-operator-key': 'operator key of the load test 0123456789' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const load = res.json().value;
    expect(load.underPressure).toBe(true);
    expect(load.shed.heapUsedBytes).toBeGreaterThanOrEqual(1);
    expect(load.eventLoopDelayMs).toEqual({
      p50: expect.any(Number),
      p99: expect.any(Number),
      max: expect.any(Number),
    });
    expect(load.argon2).toMatchObject({ running: 0, queued: 0 });
  });
});

describe('the argon2id queue', () => {
  let t: TestApp;
  const password = 'correct horse 1';
  beforeAll(async () => {
    // One hash at a time and two waiting: a burst of sign-ins is mostly refused at once.
    t = await buildTestApp({
      load: { ...testConfig().load, argon2Concurrency: 1, argon2QueueMax: 2, argon2QueueWaitMs: 5000 },
    });
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/wps/member/register',
        payload: { username: `queue${i}x`, password, confirmPassword: password },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => t.app.close());

  it('signs in the logins it lets in and refuses the rest with 503 + Retry-After, none left waiting', async () => {
    // Another hash holds the one slot (as a burst of sign-ins would) until every login has arrived.
    let release = () => {};
    const held = passwordQueue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const pending = Array.from({ length: 12 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        payload: { username: `queue${i}x`, password },
        headers: { lang: 'en' },
        remoteAddress: nextIp(),
      }),
    );
    await vi.waitFor(
      () => {
        const { queued, refusedFull } = passwordQueue.stats();
        if (queued + refusedFull < 12) throw new Error('logins still arriving');
      },
      { timeout: 10_000 },
    );
    release();
    await held;
    const answers = await Promise.all(pending);
    const signedIn = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode === 503);
    // The two that found room in the queue; the ten others at once.
    expect(signedIn.length).toBe(2);
    expect(refused.length).toBe(10);
    for (const res of refused) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'SERVER_BUSY',
        value: { retryAfterSeconds: Number(res.headers['retry-after']) },
      });
      expect(res.json().message).toMatch(/^The server is busy right now, please try again in \d+ seconds\.$/);
    }
    // A refused login is no failed login: the same member signs in once the burst is over.
    const again = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'queue11x', password },
      remoteAddress: nextIp(),
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});
