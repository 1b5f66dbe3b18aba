import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper';
import { verifyLedger } from '../ledger/ledger-verify';
import { balanceOf, buildPaymentsApp, newMember, ROOT_OPERATOR_KEY } from '../payments/payments-test-kit';
import { consoleKit, type SignedInOperator } from './console-test-kit';

/**
 * Manual adjustments with four eyes (issue 15): below the merchant's threshold (R$ 1,000 by default)
 * applied at once; at or above it, only a second operator can apply it; the money moves once through
 * the ledger whatever is repeated or raced, and a debit never takes a balance below zero.
 */
let t: TestApp;
let kit: ReturnType<typeof consoleKit>;
let first: SignedInOperator;
let second: SignedInOperator;
let third: SignedInOperator;
beforeAll(async () => {
  t = await buildPaymentsApp();
  kit = consoleKit(t.app, ROOT_OPERATOR_KEY);
  first = await kit.operatorWith(['finance']);
  second = await kit.operatorWith(['finance']);
  third = await kit.operatorWith(['admin']);
});
afterAll(() => t.app.close());

const THRESHOLD = 100_000;

const ask = (
  by: SignedInOperator,
  memberId: bigint,
  body: { direction: 'credit' | 'debit'; amount: number; account?: 'cash' | 'bonus'; requestId?: string },
) =>
  t.app.inject({
    method: 'POST',
    url: `/ops/console/players/${memberId}/adjustments`,
    headers: { cookie: by.cookie },
    payload: {
      account: 'cash',
      reason: 'Goodwill credit after a game outage',
      requestId: randomUUID(),
      ...body,
    },
  });
const decide = (by: SignedInOperator, id: string, action: 'approve' | 'reject') =>
  t.app.inject({
    method: 'POST',
    url: `/ops/console/adjustments/${id}/${action}`,
    headers: { cookie: by.cookie },
    ...(action === 'reject' ? { payload: { reason: 'No outage on record for this player' } } : {}),
  });
const cash = (memberId: bigint) => balanceOf(t.app, memberId, 'cash');

describe('manual adjustments', () => {
  it('applies an adjustment below the threshold at once, through the ledger', async () => {
    const member = await newMember(t.app);
    const res = await ask(first, member.id, { direction: 'credit', amount: THRESHOLD - 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      status: 'applied',
      needsSecondOperator: false,
      decidedBy: first.username,
      transferId: expect.any(String),
    });
    expect(await cash(member.id)).toBe(BigInt(THRESHOLD - 1));
    expect((await verifyLedger(t.db)).breaches).toEqual([]);
  });

  it('holds one at the threshold until a second operator approves it, and applies it once', async () => {
    const member = await newMember(t.app);
    const asked = await ask(first, member.id, { direction: 'credit', amount: THRESHOLD });
    expect(asked.json().value).toMatchObject({
      status: 'pending',
      needsSecondOperator: true,
      decidedBy: null,
    });
    const id = asked.json().value.id as string;
    expect(await cash(member.id)).toBe(0n);

    const self = await decide(first, id, 'approve');
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('FOUR_EYES_REQUIRED');
    expect(await cash(member.id)).toBe(0n);

    const pending = await t.app.inject({
      url: '/ops/console/adjustments?status=pending',
      headers: { cookie: second.cookie },
    });
    expect(pending.json().value.content.map((a: { id: string }) => a.id)).toContain(id);

    const approved = await decide(second, id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().value).toMatchObject({ status: 'applied', decidedBy: second.username });
    expect(await cash(member.id)).toBe(BigInt(THRESHOLD));
    const again = await decide(third, id, 'approve');
    expect(again.json().code).toBe('ADJUSTMENT_NOT_PENDING');
    expect(await cash(member.id)).toBe(BigInt(THRESHOLD));
  });

  it('lets the second operator reject it, and nothing moves', async () => {
    const member = await newMember(t.app);
    const id = (await ask(first, member.id, { direction: 'credit', amount: 250_000 })).json().value
      .id as string;
    const rejected = await decide(second, id, 'reject');
    expect(rejected.json().value).toMatchObject({
      status: 'rejected',
      decidedBy: second.username,
      decisionReason: 'No outage on record for this player',
    });
    expect((await decide(third, id, 'approve')).json().code).toBe('ADJUSTMENT_NOT_PENDING');
    expect(await cash(member.id)).toBe(0n);
  });

  it('refuses a debit above the balance when approved and marks it failed: no balance goes below zero', async () => {
    const member = await newMember(t.app);
    await ask(first, member.id, { direction: 'credit', amount: 50_000 });
    const id = (await ask(first, member.id, { direction: 'debit', amount: 150_000 })).json().value
      .id as string;
    const refused = await decide(second, id, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('INSUFFICIENT_FUNDS');
    const list = await t.app.inject({
      url: '/ops/console/adjustments?status=failed',
      headers: { cookie: first.cookie },
    });
    expect(list.json().value.content.find((a: { id: string }) => a.id === id)).toMatchObject({
      status: 'failed',
      decisionReason: 'INSUFFICIENT_FUNDS',
    });
    expect(await cash(member.id)).toBe(50_000n);
  });

  it('finds the first adjustment when the same request is sent again, and refuses the id for another amount', async () => {
    const member = await newMember(t.app);
    const requestId = randomUUID();
    const once = await ask(first, member.id, { direction: 'credit', amount: 7_000, requestId });
    const twice = await ask(first, member.id, { direction: 'credit', amount: 7_000, requestId });
    expect(twice.json().value.id).toBe(once.json().value.id);
    expect(await cash(member.id)).toBe(7_000n);
    const other = await ask(first, member.id, { direction: 'credit', amount: 8_000, requestId });
    expect(other.statusCode).toBe(409);
    expect(await cash(member.id)).toBe(7_000n);
  });

  it('applies an adjustment once when two operators approve it at the same moment', async () => {
    const member = await newMember(t.app);
    const id = (await ask(first, member.id, { direction: 'credit', amount: 300_000 })).json().value
      .id as string;
    const answers = await Promise.all([decide(second, id, 'approve'), decide(third, id, 'approve')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await cash(member.id)).toBe(300_000n);
    expect((await verifyLedger(t.db)).breaches).toEqual([]);
  });

  it('names the field of bad input and writes nothing', async () => {
    const member = await newMember(t.app);
    const res = await ask(first, member.id, { direction: 'credit', amount: -5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().value.field).toBe('amount');
    expect(await cash(member.id)).toBe(0n);
  });
});
