import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildTestApp, createTestDatabase, type TestApp } from '../../test/helper';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { Database } from '../db/client';
import { SESSION_RECHECK_MS } from './realtime';

/**
 * Opens /ws, authenticates, and collects every event after `ready`. `received(n)` resolves when
 * n events have come: the tests wait for messages, never for time to pass.
 */
async function connect(app: FastifyInstance, token: string) {
  const address = app.server.address() as { port: number };
  const socket = new WebSocket(`ws://127.0.0.1:${address.port}/ws`);
  const events: Array<Record<string, unknown>> = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const ready = new Promise<void>((resolve) => {
    socket.on('message', (raw) => {
      const event = JSON.parse(raw.toString());
      if (event.type === 'ready') resolve();
      else events.push(event);
      for (const waiter of waiters.filter((w) => events.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  });
  const received = (count = 1) =>
    events.length >= count
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push({ count, resolve }));
  await new Promise((resolve) => socket.on('open', resolve));
  socket.send(JSON.stringify({ type: 'auth', token }));
  return { socket, events, ready, closed, received };
}

async function registered(app: FastifyInstance, username: string) {
  const password = 'realtime pass 1';
  const res = await app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    payload: { username, password, confirmPassword: password },
  });
  const token = res.json().value.token as string;
  const id = BigInt((await app.inject({ url: '/wps/member/info', headers: { token } })).json().value.id);
  return { token, id };
}

describe('member WebSocket', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.app.close());

  it('pushes a new message count to the member, and only to that member', async () => {
    const carla = await registered(t.app, 'carlaws1');
    const davi = await registered(t.app, 'daviws1');
    const a = await connect(t.app, carla.token);
    const b = await connect(t.app, davi.token);
    await Promise.all([a.ready, b.ready]);
    await t.app.messages.send(carla.id, 'depositCredited', {
      amountMinor: 100n,
      currency: 'BRL',
      orderId: 'X',
    });
    await a.received();
    expect(a.events).toEqual([{ type: 'unread', count: 1 }]);
    // A probe for Davi, published after Carla's event: one socket receives in order, so once the
    // probe is there, anything of Carla's that leaked to Davi would have arrived before it.
    await t.app.realtime.publish(davi.id, { type: 'probe' });
    await b.received();
    expect(b.events).toEqual([{ type: 'probe' }]);
    a.socket.close();
    b.socket.close();
  });

  it('closes a socket whose token is wrong (4401)', async () => {
    const bad = await connect(t.app, 'not-a-session-token');
    expect(await bad.closed).toBe(4401);
  });

  it('closes the sockets of a session at once when the member logs out (4401)', async () => {
    const fabio = await registered(t.app, 'fabiows1');
    const client = await connect(t.app, fabio.token);
    await client.ready;
    const started = Date.now();
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { token: fabio.token },
    });
    expect(logout.statusCode).toBe(200);
    expect(await client.closed).toBe(4401);
    // At once, not on the periodic re-check.
    expect(Date.now() - started).toBeLessThan(SESSION_RECHECK_MS / 10);
  });

  it('closes the other sessions’ sockets on a password change, and keeps the one that changed it', async () => {
    const gina = await registered(t.app, 'ginaws1');
    const otherToken = await t.app.auth.openSession(gina.id, { ip: '127.0.0.2', userAgent: 'other device' });
    const here = await connect(t.app, gina.token);
    const elsewhere = await connect(t.app, otherToken);
    await Promise.all([here.ready, elsewhere.ready]);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password',
      headers: { token: gina.token },
      payload: {
        oldPassword: 'realtime pass 1',
        newPassword: 'realtime pass 2',
        confirmNewPassword: 'realtime pass 2',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await elsewhere.closed).toBe(4401);
    await t.app.messages.send(gina.id, 'depositCredited', {
      amountMinor: 100n,
      currency: 'BRL',
      orderId: 'G',
    });
    await here.received();
    expect(here.socket.readyState).toBe(WebSocket.OPEN);
    here.socket.close();
  });

  it('closes a socket that says something other than auth first', async () => {
    const address = t.app.server.address() as { port: number };
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/ws`);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send('hello');
    expect(await closed).toBe(4401);
  });
});

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('member WebSocket across instances through Redis', () => {
  let db: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    db = await createTestDatabase();
    const config = testConfig({ redisUrl, redisKeyPrefix: `sorte-test-${randomBytes(4).toString('hex')}:` });
    a = await buildApp(config, { db });
    b = await buildApp(config, { db });
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.ready();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.close();
  });

  it('delivers an event published on instance B to a socket connected to instance A', async () => {
    const elisa = await registered(a, 'elisaws1');
    const client = await connect(a, elisa.token);
    await client.ready;
    await b.messages.send(elisa.id, 'withdrawalApproved', {
      amountMinor: 2_000n,
      currency: 'BRL',
      orderId: 'W-1',
    });
    await client.received();
    expect(client.events[0]).toEqual({ type: 'unread', count: 1 });
    client.socket.close();
  });
  it('closes a socket on instance A at once when its session logs out on instance B', async () => {
    const hugo = await registered(a, 'hugows1');
    const client = await connect(a, hugo.token);
    await client.ready;
    const logout = await b.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { token: hugo.token },
    });
    expect(logout.statusCode).toBe(200);
    const started = Date.now();
    expect(await client.closed).toBe(4401);
    expect(Date.now() - started).toBeLessThan(SESSION_RECHECK_MS / 10);
  });
});
