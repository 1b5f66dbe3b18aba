import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { type LoadLimits, testConfig } from '../config';
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

  it('keeps each caller in their own language, refusal after refusal', async () => {
    const messages = [];
    for (const lang of ['es', 'pt', 'es', 'en']) {
      const res = await t.app.inject({ url: '/wps/system/status', headers: { lang } });
      messages.push(res.json().message);
    }
    expect(messages).toEqual([
      'El servidor está ocupado en este momento, inténtalo de nuevo en 3 segundos.',
      'O servidor está ocupado no momento, tente novamente em 3 segundos.',
      'El servidor está ocupado en este momento, inténtalo de nuevo en 3 segundos.',
      'The server is busy right now, please try again in 3 seconds.',
    ]);
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
    // Requests were shed: background work that can wait (the console's rollups) now waits.
    expect(t.app.isBusy()).toBe(true);
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
  it('refuses a sign-in while the queue is full before reading its body', async () => {
    // One hash holds the slot and two wait: the queue is full.
    const releases: Array<() => void> = [];
    let open = false;
    const hold = () =>
      passwordQueue.run(() =>
        open ? Promise.resolve() : new Promise<void>((resolve) => releases.push(resolve)),
      );
    const held = [hold(), hold(), hold()];
    await vi.waitFor(() => {
      if (passwordQueue.stats().queued < 2) throw new Error('queue not full yet');
    });
    const before = passwordQueue.stats().refusedFull;
    // A body the route would answer 400 for: refused for the queue first, never parsed nor decrypted.
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { 'content-type': 'application/json', lang: 'en' },
      payload: '{"not json',
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.json()).toMatchObject({ success: false, code: 'SERVER_BUSY' });
    expect(passwordQueue.stats().refusedFull).toBe(before + 1);
    // Other routes are not refused for the password queue.
    expect((await t.app.inject('/wps/system/status')).statusCode).toBe(200);
    open = true;
    for (const release of releases) release();
    await Promise.all(held);
  });
});

describe('shedding on the event loop', () => {
  const operatorKey = 'operator key of the loop load test 0123456789';
  const opsLoad = async (t: TestApp) =>
    (await t.app.inject({ url: '/ops/load', headers: { 'x-operator-key': operatorKey } })).json().value;
  /** An app with the test configuration's load limits but these, and the operator's key. */
  const appWithLimits = (limits: Partial<LoadLimits>) =>
    buildTestApp({ load: { ...testConfig().load, ...limits }, operatorApiKey: operatorKey });

  describe('on its utilisation', () => {
    let t: TestApp;
    beforeAll(async () => {
      // A utilisation limit no loop stays under: every period is over it, and the share let in falls to
      // its floor, a tenth.
      t = await appWithLimits({
        maxEventLoopUtilization: 0.000001,
        sampleIntervalMs: 10,
        retryAfterSeconds: 4,
      });
      await vi.waitFor(
        async () => {
          if ((await opsLoad(t)).admitted !== 0.1) throw new Error('still letting most requests in');
        },
        { timeout: 5000 },
      );
    });
    afterAll(() => t.app.close());

    /** Sends until one is refused: nine in ten are, so 60 tries all let in would be a broken limit. */
    const firstRefused = async (send: () => Promise<LightMyRequestResponse>) => {
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) {
        const res = await send();
        if (res.statusCode === 503) return { res, statuses };
        statuses.push(res.statusCode);
      }
      throw new Error(`nothing refused: ${statuses.join(', ')}`);
    };

    it('answers 503 SERVER_BUSY with Retry-After at once, before reading the body', async () => {
      // A body the login route would refuse with 400: refused for the load first, never parsed.
      const { res, statuses } = await firstRefused(() =>
        t.app.inject({
          method: 'POST',
          url: '/wps/session/login',
          headers: { 'content-type': 'application/json', lang: 'en' },
          payload: '{"not json',
        }),
      );
      expect(statuses.every((status) => status === 400)).toBe(true); // the few let in
      expect(res.headers['retry-after']).toBe('4');
      expect(res.json()).toEqual({
        success: false,
        code: 'SERVER_BUSY',
        message: 'The server is busy right now, please try again in 4 seconds.',
        value: { retryAfterSeconds: 4 },
      });
    });

    it('still answers /healthz and the seamless wallet', async () => {
      const health = await t.app.inject('/healthz');
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      const wallet = await t.app.inject({
        method: 'POST',
        url: '/vendor/SORTE/wallet/balance',
        headers: { 'content-type': 'application/json', 'x-signature': 'not a signature' },
        payload: '{"token":"x"}',
      });
      expect(wallet.statusCode).toBe(200);
    });

    it('still answers /healthz every time', async () => {
      for (let i = 0; i < 30; i++) expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    });

    it('tells the operator the share let in, why, and what was refused', async () => {
      await firstRefused(() => t.app.inject('/wps/system/status'));
      const load = await opsLoad(t);
      expect(load.underPressure).toBe(true);
      expect(load.admitted).toBe(0.1);
      expect(load.shed.eventLoopUtilization).toBeGreaterThanOrEqual(1);
      expect(load.periodsOver.eventLoopUtilization).toBeGreaterThanOrEqual(1);
    });
  });

  describe('on a stall, as soon as it ends', () => {
    let t: TestApp;
    beforeAll(async () => {
      // A period far longer than the test: only the stall watch can act within it. Its threshold is
      // well above what a machine busy with other test files stalls a test's loop for.
      t = await appWithLimits({ maxEventLoopDelayMs: 100, sampleIntervalMs: 600_000, stallMs: 300 });
      // Listening arms the limits at once (with start-up forgotten), as a restarted server's are.
      await t.app.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(() => t.app.close());

    it('lets fewer requests in right after one stall, not at the end of the period', async () => {
      const before = (await opsLoad(t)).periodsOver.eventLoopDelay;
      const until = performance.now() + 500;
      while (performance.now() < until) {}
      await new Promise((resolve) => setTimeout(resolve, 50)); // the watch's next turns
      const load = await opsLoad(t);
      expect(load.periodsOver.eventLoopDelay).toBeGreaterThan(before);
      expect(load.admitted).toBeLessThan(1);
      // A quarter or more are refused now: one of 60 lobby reads at least.
      const statuses = new Set<number>();
      for (let i = 0; i < 60; i++) statuses.add((await t.app.inject('/wps/system/status')).statusCode);
      expect(statuses).toContain(503);
    });
  });

  describe('on a crowd of short turns, within a window', () => {
    let t: TestApp;
    beforeAll(async () => {
      // A period far longer than the test and no stall limit: only the watch of the recent window's
      // utilisation can act.
      t = await appWithLimits({
        maxEventLoopDelayMs: 0,
        maxEventLoopUtilization: 0.5,
        sampleIntervalMs: 600_000,
      });
      await t.app.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(() => t.app.close());

    it('lets fewer requests in while the loop is kept busy by turns too short to count as stalls', async () => {
      const before = await opsLoad(t);
      expect(before.admitted).toBe(1);
      // 400 ms of 5 ms turns: each far under any stall limit, the loop busy nearly all the time.
      const until = performance.now() + 400;
      while (performance.now() < until) {
        const turnEnd = performance.now() + 5;
        while (performance.now() < turnEnd) {}
        await new Promise((resolve) => setImmediate(resolve));
      }
      const load = await opsLoad(t);
      expect(load.periodsOver.eventLoopUtilization).toBeGreaterThan(before.periodsOver.eventLoopUtilization);
      expect(load.admitted).toBeLessThan(1);
      expect(load.periodsOver.eventLoopDelay).toBe(0);
    });
  });

  describe('on its longest stall', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await appWithLimits({ maxEventLoopDelayMs: 100, sampleIntervalMs: 200 });
      await new Promise((resolve) => setTimeout(resolve, 700)); // past the start-up grace
    });
    afterAll(() => t.app.close());

    it('lets fewer requests in after one stall over the limit, though the period mean stays low', async () => {
      // One stall of 250 ms in a period of otherwise idle 10 ms turns: its mean is well under 100 ms.
      // On a machine busy with other test files a sample can come late enough to miss it: the stall
      // is made again then (at most five times; three were missed once on a machine running at half
      // speed), as a server stalled again would be.
      const stall = () => {
        const until = performance.now() + 250;
        while (performance.now() < until) {}
      };
      for (let attempt = 0; attempt < 5; attempt++) {
        stall();
        const seen = await vi
          .waitFor(
            async () => {
              if ((await opsLoad(t)).periodsOver.eventLoopDelay < 1) throw new Error('no period over yet');
            },
            { timeout: 2000 },
          )
          .then(() => true)
          .catch(() => false);
        if (seen) break;
      }
      expect((await opsLoad(t)).periodsOver.eventLoopDelay).toBeGreaterThanOrEqual(1);
      // Then, with the loop quick again, it lets everything in again.
      await vi.waitFor(
        async () => {
          if ((await opsLoad(t)).admitted !== 1) throw new Error('still shedding');
        },
        { timeout: 10_000 },
      );
      expect((await t.app.inject('/wps/system/status')).statusCode).toBe(200);
    });
  });
});
