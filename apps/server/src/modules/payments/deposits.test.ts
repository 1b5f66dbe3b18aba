import { isValidClabe } from '@sorte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper';
import { verifyLedger } from '../ledger/ledger-verify';
import { parseBrCode } from './brcode';
import {
  balanceOf,
  buildPaymentsApp,
  createDeposit,
  newMember,
  spyEvents,
  type TestMember,
} from './payments-test-kit';
import { sandboxSignatureHeader, sandboxWebhookPath } from './providers/sandbox-provider';

let t: TestApp;
let ana: TestMember;
let bruno: TestMember;

beforeAll(async () => {
  t = await buildPaymentsApp();
  ana = await newMember(t.app);
  bruno = await newMember(t.app);
});
afterAll(() => t.app.close());

/** CRC-16/CCITT-FALSE bit by bit, independent of the module's table-driven one. */
function crcBitwise(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const postWebhook = (body: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: sandboxWebhookPath,
    headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: signature },
    payload: body,
  });

const messagesOf = async (member: TestMember) =>
  (await t.app.inject({ url: '/wps/relay/messages', headers: member.headers })).json().value
    .content as Array<{
    kind: string;
    body: string;
  }>;

const webhookOutcomes = async (orderNo: string) =>
  (
    await t.db.query<{ outcome: string }>(
      'select outcome from payment_webhook_events where order_no = $1 order by id',
      [orderNo],
    )
  ).map((r) => r.outcome);

describe('deposit channels', () => {
  it('lists the channels of the member merchant with their limits', async () => {
    const br = await t.app.inject({ url: '/wps/relay/deposit/channels', headers: ana.headers });
    expect(br.statusCode).toBe(200);
    expect(br.json().value).toEqual({
      currency: 'BRL',
      channels: [
        {
          code: 'PIX',
          currency: 'BRL',
          minAmount: 1000,
          maxAmount: 5_000_000,
          accountTypes: ['CPF', 'EMAIL', 'PHONE', 'EVP'],
        },
      ],
    });
    const bd = await newMember(t.app, 'BD');
    const channels = (await t.app.inject({ url: '/wps/relay/deposit/channels', headers: bd.headers })).json()
      .value;
    expect(channels.currency).toBe('BDT');
    expect(channels.channels.map((c: { code: string }) => c.code)).toEqual(['BKASH', 'NAGAD']);
  });

  it('refuses guests and trial members', async () => {
    expect((await t.app.inject({ url: '/wps/relay/deposit/channels' })).statusCode).toBe(401);
    const trial = await t.app.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: {} });
    const token = trial.json().value.token;
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/deposit',
      headers: { authorization: `Bearer ${token}` },
      payload: { channel: 'PIX', amount: 5000 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('TRIAL_NOT_ALLOWED');
  });

  it('enforces the minimum and maximum of the channel, and operators can change them', async () => {
    const create = (amount: number, channel = 'PIX') =>
      t.app.inject({
        method: 'POST',
        url: '/wps/relay/deposit',
        headers: ana.headers,
        payload: { channel, amount },
      });
    const low = await create(999);
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE', value: { field: 'amount' } });
    expect(low.json().message).toBe('The amount must be between R$ 10.00 and R$ 50,000.00.');
    expect((await create(5_000_001)).json().code).toBe('AMOUNT_OUT_OF_RANGE');
    expect((await create(1000)).statusCode).toBe(200);
    expect((await create(5_000_000)).statusCode).toBe(200);
    // Another merchant's channel is not offered to a Brazilian member.
    expect((await create(20_000, 'SPEI')).json().code).toBe('PAYMENT_CHANNEL_UNAVAILABLE');

    const ops = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/ops/payments/channels/BR/PIX',
        headers: { 'x-operator-key': t.config.operatorApiKey as string },
        payload,
      });
    expect((await ops({ depositMin: 2000 })).statusCode).toBe(200);
    expect((await create(1500)).json().code).toBe('AMOUNT_OUT_OF_RANGE');
    expect((await ops({ depositMin: 10_000_000 })).statusCode).toBe(400);
    expect((await ops({ depositMin: 1000 })).statusCode).toBe(200);
    expect((await create(1500)).statusCode).toBe(200);
  });
});

describe('deposit orders', () => {
  it('answers a PIX order with a BR Code whose CRC an independent check confirms and that parses back', async () => {
    const order = await createDeposit(t.app, ana, 'PIX', 5000);
    expect(order).toMatchObject({ status: 'pending', amount: 5000, payload: { kind: 'pix' } });
    expect(order.orderId).toMatch(/^D[A-Z0-9]{16}$/);
    const brCode = order.payload.brCode as string;
    expect(brCode.slice(-4)).toBe(crcBitwise(brCode.slice(0, -4)));
    expect(parseBrCode(brCode)).toMatchObject({
      pixKey: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
      amount: '50.00',
      currency: '986',
      country: 'BR',
      merchantName: 'SORTE PAGAMENTOS',
      merchantCity: 'SAO PAULO',
      txid: order.orderId,
    });
    expect(new Date(order.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
  });

  it('answers SPEI orders with the merchant CLABE and a unique numeric reference', async () => {
    const mx = await newMember(t.app, 'MX');
    const a = await createDeposit(t.app, mx, 'SPEI', 50_000);
    const b = await createDeposit(t.app, mx, 'SPEI', 50_000);
    expect(a.payload).toMatchObject({
      kind: 'spei',
      clabe: '646180123456789013',
      beneficiary: 'SORTE PAGOS SA DE CV',
    });
    expect(isValidClabe(a.payload.clabe as string)).toBe(true);
    expect(a.payload.reference).toMatch(/^\d{7}$/);
    expect(a.payload.reference).not.toBe(b.payload.reference);
  });

  it('answers bKash and Nagad orders with the merchant number and the order reference', async () => {
    const bd = await newMember(t.app, 'BD');
    const order = await createDeposit(t.app, bd, 'NAGAD', 50_000);
    expect(order.payload).toEqual({
      kind: 'wallet',
      wallet: 'NAGAD',
      number: '01811000000',
      reference: order.orderId,
    });
  });

  it("never shows another member's order, alone or in a list", async () => {
    const order = await createDeposit(t.app, ana, 'PIX', 2500);
    const own = await t.app.inject({
      url: `/wps/relay/deposit/orders/${order.orderId}`,
      headers: ana.headers,
    });
    expect(own.statusCode).toBe(200);
    const foreign = await t.app.inject({
      url: `/wps/relay/deposit/orders/${order.orderId}`,
      headers: bruno.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    const list = (await t.app.inject({ url: '/wps/relay/deposit/orders', headers: bruno.headers })).json()
      .value;
    expect(list.content.some((o: { orderId: string }) => o.orderId === order.orderId)).toBe(false);
    const page = (
      await t.app.inject({ url: '/wps/relay/deposit/orders?pageSize=2', headers: ana.headers })
    ).json().value;
    expect(page.content).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
  });
});

describe('sandbox webhooks', () => {
  it('credits a paid order once, tells the member by message and live event', async () => {
    const member = await newMember(t.app);
    const events = spyEvents(t.app);
    const order = await createDeposit(t.app, member, 'PIX', 5000);
    const paid = await t.app.paymentsSandbox.pay(order.orderId);
    expect(paid.statusCode).toBe(200);
    expect(JSON.parse(paid.response).value.outcome).toBe('credited');
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(5000n);
    const read = await t.app.inject({
      url: `/wps/relay/deposit/orders/${order.orderId}`,
      headers: member.headers,
    });
    expect(read.json().value).toMatchObject({ status: 'paid' });
    expect(read.json().value.settledAt).not.toBeNull();
    expect((await messagesOf(member))[0]).toMatchObject({ kind: 'depositCredited' });
    expect((await messagesOf(member))[0]?.body).toContain('R$ 50.00');
    expect(events).toHaveBeenCalledWith(member.id, {
      type: 'deposit',
      orderId: order.orderId,
      status: 'paid',
      cashBalance: 5000,
    });
    events.mockRestore();
  });

  it('refuses a bad signature, records it and credits nothing', async () => {
    const member = await newMember(t.app);
    const order = await createDeposit(t.app, member, 'PIX', 5000);
    const { body, signature } = await t.app.paymentsSandbox.signedEvent(order.orderId, 'payment.paid');
    const forged = signature.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    for (const sig of [forged, '', 'zz']) {
      const res = await postWebhook(body, sig);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_SIGNATURE');
    }
    // Signed for another body: the signature covers the exact bytes.
    const reformatted = JSON.stringify(JSON.parse(body), null, 1);
    expect((await postWebhook(reformatted, signature)).statusCode).toBe(401);
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(0n);
    const [rejected] = await t.db.query<{ n: bigint }>(
      "select count(*) as n from payment_webhook_events where not signature_valid and outcome = 'bad_signature'",
    );
    expect(rejected?.n).toBeGreaterThanOrEqual(4n);
    // The event id of a refused body was not taken: the genuine event still credits.
    expect((await postWebhook(body, signature)).statusCode).toBe(200);
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(5000n);
  });

  it('refuses a wrong amount or currency, records the refusal and credits nothing', async () => {
    const member = await newMember(t.app);
    const order = await createDeposit(t.app, member, 'PIX', 5000);
    const more = await t.app.paymentsSandbox.signedEvent(order.orderId, 'payment.paid', { amount: 500_000 });
    const res = await postWebhook(more.body, more.signature);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'WEBHOOK_REFUSED', value: { outcome: 'amount_mismatch' } });
    const usd = await t.app.paymentsSandbox.signedEvent(order.orderId, 'payment.paid', { currency: 'USD' });
    expect((await postWebhook(usd.body, usd.signature)).json().value.outcome).toBe('currency_mismatch');
    const otherRef = await t.app.paymentsSandbox.signedEvent(order.orderId, 'payment.paid', {
      providerReference: 'sbx_someoneelse0',
    });
    expect((await postWebhook(otherRef.body, otherRef.signature)).json().value.outcome).toBe(
      'reference_mismatch',
    );
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(0n);
    expect(await webhookOutcomes(order.orderId)).toEqual([
      'amount_mismatch',
      'currency_mismatch',
      'reference_mismatch',
    ]);
    const read = await t.app.inject({
      url: `/wps/relay/deposit/orders/${order.orderId}`,
      headers: member.headers,
    });
    expect(read.json().value.status).toBe('pending');
  });

  it('credits a replayed webhook once, also when the replays race', async () => {
    const member = await newMember(t.app);
    const order = await createDeposit(t.app, member, 'PIX', 7000);
    const { body, signature } = await t.app.paymentsSandbox.signedEvent(order.orderId, 'payment.paid');
    const answers = await Promise.all(Array.from({ length: 12 }, () => postWebhook(body, signature)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    const outcomes = answers.map((a) => a.json().value.outcome).sort();
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'replayed')).toHaveLength(11);
    // A second, different event for the same payment (a provider retry with a new id) credits nothing.
    const again = await t.app.paymentsSandbox.signedEvent(order.orderId, 'payment.paid');
    expect((await postWebhook(again.body, again.signature)).json().value.outcome).toBe('already_paid');
    // The same event id with another body is refused.
    const tampered = JSON.stringify({ ...JSON.parse(body), occurredAt: new Date(0).toISOString() });
    const conflict = await postWebhook(tampered, t.app.paymentsSandbox.sign(tampered));
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().value.outcome).toBe('event_conflict');
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(7000n);
    const [credits] = await t.db.query<{ n: bigint }>(
      "select count(*) as n from ledger_transfers where idempotency_key = 'deposit:' || $1",
      [order.orderId],
    );
    expect(credits?.n).toBe(1n);
    expect((await messagesOf(member)).filter((m) => m.kind === 'depositCredited')).toHaveLength(1);
  });

  it('marks failed and expired orders, tells the member, and then refuses a payment', async () => {
    const member = await newMember(t.app);
    const events = spyEvents(t.app);
    const failed = await createDeposit(t.app, member, 'PIX', 3000);
    expect((await t.app.paymentsSandbox.fail(failed.orderId)).statusCode).toBe(200);
    const expired = await createDeposit(t.app, member, 'PIX', 4000);
    expect((await t.app.paymentsSandbox.expire(expired.orderId)).statusCode).toBe(200);
    const statuses = (await t.app.inject({ url: '/wps/relay/deposit/orders', headers: member.headers }))
      .json()
      .value.content.map((o: { status: string }) => o.status);
    expect(statuses).toEqual(['expired', 'failed']);
    expect((await messagesOf(member)).map((m) => m.kind)).toEqual(['depositFailed', 'depositFailed']);
    expect(events).toHaveBeenCalledWith(member.id, {
      type: 'deposit',
      orderId: failed.orderId,
      status: 'failed',
    });
    events.mockRestore();
    // The sandbox will not pay a failed order; a forged "paid" for it is refused by the platform.
    await expect(t.app.paymentsSandbox.pay(failed.orderId)).rejects.toMatchObject({ code: 'CONFLICT' });
    const late = await t.app.paymentsSandbox.signedEvent(failed.orderId, 'payment.paid');
    const res = await postWebhook(late.body, late.signature);
    expect(res.statusCode).toBe(409);
    expect(res.json().value.outcome).toBe('order_not_pending');
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(0n);
  });

  it('expires pending orders past their time on its own', async () => {
    const member = await newMember(t.app);
    const order = await createDeposit(t.app, member, 'PIX', 3000);
    await t.db.query(
      "update deposit_orders set expires_at = now() - interval '1 second' where order_no = $1",
      [order.orderId],
    );
    const read = await t.app.inject({
      url: `/wps/relay/deposit/orders/${order.orderId}`,
      headers: member.headers,
    });
    expect(read.json().value.status).toBe('expired');
    expect((await messagesOf(member))[0]?.kind).toBe('depositFailed');
  });

  it('refuses malformed and unknown-provider webhooks', async () => {
    const body = '{"not":"an event"}';
    const res = await postWebhook(body, t.app.paymentsSandbox.sign(body));
    expect(res.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'POST', url: '/payments/webhook/nobody', payload: body });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps the ledger balanced', async () => {
    const verdict = await verifyLedger(t.db);
    expect(verdict.breaches).toEqual([]);
    expect(verdict.ok).toBe(true);
  });
});
