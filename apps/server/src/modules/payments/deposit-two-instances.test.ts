import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestDatabase } from '../../../test/helper';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { createDeposit, newMember } from './payments-test-kit';

const redisUrl = process.env.REDIS_URL;

/**
 * Issue "Wallet, deposits…": a deposit credited through instance B reaches a WebSocket client of
 * instance A. Two API instances share one PostgreSQL (or PGlite) database and one Redis, as behind a
 * load balancer; the member's socket is on A, the provider's webhook lands on B.
 */
describe.runIf(redisUrl)('a deposit credited on another instance', () => {
  let db: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = testConfig({
      redisUrl,
      redisKeyPrefix: `sorte-test-${randomBytes(4).toString('hex')}:`,
      // One data directory: both instances hold the same sandbox webhook secret, as a deployment would.
      dataDir: mkdtempSync(join(tmpdir(), 'sorte-two-instances-')),
    });
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

  it('shows the credit, the new balance and the message count live on instance A', async () => {
    const member = await newMember(a);
    const { port } = a.server.address() as { port: number };
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const events: Array<Record<string, unknown>> = [];
    const ready = new Promise<void>((resolve) => {
      socket.on('message', (raw) => {
        const event = JSON.parse(raw.toString());
        if (event.type === 'ready') resolve();
        else events.push(event);
      });
    });
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send(JSON.stringify({ type: 'auth', token: member.token }));
    await ready;

    const order = await createDeposit(a, member, 'PIX', 5_000);
    const paid = await b.paymentsSandbox.pay(order.orderId);
    expect(paid.statusCode).toBe(200);

    const deadline = Date.now() + 5_000;
    const seen = () =>
      events.some((e) => e.type === 'deposit' && e.orderId === order.orderId && e.status === 'paid') &&
      events.some((e) => e.type === 'balance' && e.balance === 5_000) &&
      events.some((e) => e.type === 'unread' && e.count === 1);
    while (!seen() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'deposit', orderId: order.orderId, status: 'paid' }),
        expect.objectContaining({ type: 'balance', balance: 5_000, currency: 'BRL' }),
        { type: 'unread', count: 1 },
      ]),
    );
    socket.close();
  });
});
