import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper';
import { consoleKit, type SignedInOperator } from '../console/console-test-kit';
import { verifyLedger } from '../ledger/ledger-verify';
import {
  balanceOf,
  bindPix,
  buildPaymentsApp,
  depositPaid,
  newMember,
  PAYMENT_PASSWORD,
  ROOT_OPERATOR_KEY,
  type TestMember,
} from './payments-test-kit';

/**
 * A payout the provider refuses after the operator approved (issue 15): the withdrawal is marked
 * in the queue, a retry never pays or moves money twice, and returning it gives the player their
 * money back with a message — it never stays approved and unpaid unnoticed. The sandbox refuses
 * payouts to e-mail keys at payout-fails.sandbox, as a real PSP's test values do.
 */
let t: TestApp;
let finance: SignedInOperator;
beforeAll(async () => {
  t = await buildPaymentsApp();
  finance = await consoleKit(t.app, ROOT_OPERATOR_KEY).operatorWith(['finance']);
});
afterAll(() => t.app.close());

async function withdrawalTo(payee: string): Promise<{ member: TestMember; withdrawalId: string }> {
  const member = await newMember(t.app);
  await depositPaid(t.app, member, 30_000);
  const bound = await bindPix(t.app, member, payee, 'EMAIL');
  expect(bound.statusCode, bound.body).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/relay/withdraw',
    headers: member.headers,
    payload: {
      payeeAccountId: bound.json().value.id,
      amount: 10_000,
      paymentPassword: PAYMENT_PASSWORD,
      requestId: randomUUID(),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { member, withdrawalId: res.json().value.withdrawalId };
}
const act = (withdrawalId: string, action: 'approve' | 'return', reason?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/ops/payments/withdrawals/${withdrawalId}/${action}`,
    headers: { cookie: finance.cookie },
    ...(reason ? { payload: { reason } } : {}),
  });
const inQueue = async (withdrawalId: string) =>
  (
    await t.app.inject({
      url: `/ops/payments/withdrawals/${withdrawalId}`,
      headers: { cookie: finance.cookie },
    })
  ).json().value;
const messages = async (member: TestMember) =>
  (await t.app.inject({ url: '/wps/relay/messages', headers: member.headers })).json().value
    .content as Array<{
    kind: string;
  }>;

describe('a payout the provider refuses', () => {
  it('is marked in the queue; approving again retries without moving money twice', async () => {
    const { member, withdrawalId } = await withdrawalTo('ana@payout-fails.sandbox');
    const first = await act(withdrawalId, 'approve');
    expect(first.statusCode).toBe(502);
    expect(first.json().code).toBe('PAYMENT_PROVIDER_ERROR');
    expect(await inQueue(withdrawalId)).toMatchObject({
      status: 'approved',
      payoutFailed: true,
      payoutError: 'refused by the payment provider',
    });
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(20_000n);
    expect((await act(withdrawalId, 'approve')).statusCode).toBe(502);
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(20_000n);
    expect(await balanceOf(t.app, member.id, 'locked')).toBe(0n);
    expect((await verifyLedger(t.db)).breaches).toEqual([]);
  });

  it('goes back to the player when returned: cash restored once, the withdrawal rejected with the reason, a message sent', async () => {
    const { member, withdrawalId } = await withdrawalTo('bia@payout-fails.sandbox');
    expect((await act(withdrawalId, 'approve')).statusCode).toBe(502);
    const returned = await act(withdrawalId, 'return', 'The bank refused the PIX key');
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().value).toMatchObject({
      status: 'rejected',
      reason: 'The bank refused the PIX key',
    });
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(30_000n);
    const again = await act(withdrawalId, 'return', 'The bank refused the PIX key');
    expect(again.statusCode).toBe(200);
    expect(await balanceOf(t.app, member.id, 'cash')).toBe(30_000n);
    expect((await messages(member)).map((m) => m.kind)).toContain('withdrawalRejected');
    const mine = await t.app.inject({
      url: `/wps/relay/withdraw/orders/${withdrawalId}`,
      headers: member.headers,
    });
    expect(mine.json().value).toMatchObject({ status: 'rejected', reason: 'The bank refused the PIX key' });
    expect((await verifyLedger(t.db)).breaches).toEqual([]);
  });

  it('cannot be returned unless the provider refused it', async () => {
    const waiting = await withdrawalTo('cai@exemplo.com');
    expect((await act(waiting.withdrawalId, 'return', 'no reason')).json().code).toBe(
      'WITHDRAWAL_STATE_CONFLICT',
    );
    expect((await act(waiting.withdrawalId, 'approve')).statusCode).toBe(200);
    const paid = await act(waiting.withdrawalId, 'return', 'too late');
    expect(paid.statusCode).toBe(409);
    expect(await balanceOf(t.app, waiting.member.id, 'cash')).toBe(20_000n);
  });
});
