import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { balanceOf, createDeposit, newMember } from './payments-test-kit';
import { httpTransport } from './providers/sandbox-provider';

/**
 * The development set-up end to end: the sandbox's "pay" button (POST /dev/sandbox-payments/:id/pay)
 * makes it send its signed webhook over real HTTP to the listening server, which credits the order.
 */
let dev: TestApp;
let baseUrl: string;

beforeAll(async () => {
  dev = await buildTestApp({
    env: 'development',
    dataDir: mkdtempSync(join(tmpdir(), 'sorte-sandbox-')),
    houseShards: 2,
  });
  baseUrl = await dev.app.listen({ port: 0, host: '127.0.0.1' });
  dev.app.paymentsSandbox.setTransport(httpTransport(baseUrl));
});
afterAll(() => dev.app.close());

describe('sandbox provider over HTTP (development)', () => {
  it('pays an order from the dev button through a signed webhook over HTTP', async () => {
    const member = await newMember(dev.app);
    const order = await createDeposit(dev.app, member, 'PIX', 12_345);
    const res = await fetch(`${baseUrl}/dev/sandbox-payments/${order.orderId}/pay`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { value: { webhookStatus: number } }).value.webhookStatus).toBe(200);
    expect(await balanceOf(dev.app, member.id, 'cash')).toBe(12_345n);
    const again = await fetch(`${baseUrl}/dev/sandbox-payments/${order.orderId}/pay`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(await balanceOf(dev.app, member.id, 'cash')).toBe(12_345n);
  });

  it('fails an order from the dev button', async () => {
    const member = await newMember(dev.app);
    const order = await createDeposit(dev.app, member, 'PIX', 5_000);
    expect(
      (await fetch(`${baseUrl}/dev/sandbox-payments/${order.orderId}/fail`, { method: 'POST' })).status,
    ).toBe(200);
    const read = await dev.app.inject({
      url: `/wps/relay/deposit/orders/${order.orderId}`,
      headers: member.headers,
    });
    expect(read.json().value.status).toBe('failed');
  });
});

describe('sandbox dev routes outside development', () => {
  it('are not there in tests or production', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ method: 'POST', url: '/dev/sandbox-payments/DAAAAAAAAAAAAAAAA/pay' });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.app.close();
    }
  });
});
