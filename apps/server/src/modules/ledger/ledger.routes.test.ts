import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';

const OPERATOR_KEY = 'test-operator-key-0123456789abcdef';
let t: TestApp;
let alice: bigint;
let bob: bigint;

beforeAll(async () => {
  t = await buildTestApp({ operatorApiKey: OPERATOR_KEY, houseShards: 2 });
  alice = (await t.app.ledger.openAccounts('alice', 'BRL')).cash;
  bob = (await t.app.ledger.openAccounts('bob', 'BRL')).cash;
});
afterAll(() => t.app.close());

const post = (
  url: string,
  payload: unknown,
  headers: Record<string, string> = { 'x-operator-key': OPERATOR_KEY },
) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  });

const transfersCount = async () =>
  (await t.db.query<{ n: bigint }>('select count(*) as n from ledger_transfers'))[0]?.n;

describe('operator ledger API', () => {
  it('refuses a caller without the operator key, and with a wrong one', async () => {
    const body = {
      idempotencyKey: 'fund-alice-1',
      debitAccount: 'house',
      creditAccount: alice.toString(),
      amount: 100,
      currency: 'BRL',
      kind: 'deposit',
    };
    const missing = await post('/ops/ledger/transfers', body, {});
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('UNAUTHORIZED');
    const wrong = await post('/ops/ledger/transfers', body, { 'x-operator-key': 'x'.repeat(34) });
    expect(wrong.statusCode).toBe(403);
    expect(await transfersCount()).toBe(0n);
  });

  it('posts a transfer from the house and replays it on retry', async () => {
    const body = {
      idempotencyKey: 'fund-alice-2',
      debitAccount: 'house',
      creditAccount: alice.toString(),
      amount: 10_000,
      currency: 'BRL',
      kind: 'deposit',
    };
    const first = await post('/ops/ledger/transfers', body);
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({
      replayed: false,
      creditAccountId: alice.toString(),
      creditBalance: 10_000,
    });
    const retry = await post('/ops/ledger/transfers', body);
    expect(retry.json().value).toMatchObject({
      replayed: true,
      transferId: first.json().value.transferId,
      creditBalance: 10_000,
    });
    const changed = await post('/ops/ledger/transfers', { ...body, amount: 10_001 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
  });

  it('answers insufficient funds with a localised 409 and moves nothing', async () => {
    const res = await post(
      '/ops/ledger/transfers',
      {
        idempotencyKey: 'bob-overdraw',
        debitAccount: bob.toString(),
        creditAccount: 'house',
        amount: 1,
        currency: 'BRL',
        kind: 'bet',
      },
      { 'x-operator-key': OPERATOR_KEY, lang: 'PT' },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'INSUFFICIENT_FUNDS',
      message: 'Saldo insuficiente.',
    });
    const account = await t.app.inject({
      url: `/ops/ledger/accounts/${bob}`,
      headers: { 'x-operator-key': OPERATOR_KEY },
    });
    expect(account.json().value.balance).toBe(0);
  });

  it('reverses a transfer once and shows both in the statement', async () => {
    const bet = await post('/ops/ledger/transfers', {
      idempotencyKey: 'alice-bet-1',
      debitAccount: alice.toString(),
      creditAccount: 'house',
      amount: 2_500,
      currency: 'BRL',
      kind: 'bet',
    });
    const id = bet.json().value.transferId;
    const reversal = await post(`/ops/ledger/transfers/${id}/reversal`, {
      idempotencyKey: 'alice-bet-1-rev',
      reason: 'round voided',
    });
    expect(reversal.statusCode).toBe(200);
    expect(reversal.json().value).toMatchObject({ creditAccountId: alice.toString(), creditBalance: 10_000 });
    const again = await post(`/ops/ledger/transfers/${id}/reversal`, { idempotencyKey: 'alice-bet-1-rev2' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REVERSED');
    const statement = await t.app.inject({
      url: `/ops/ledger/accounts/${alice}/statement?limit=2`,
      headers: { 'x-operator-key': OPERATOR_KEY },
    });
    expect(
      statement
        .json()
        .value.entries.map((e: { kind: string; amount: number; balanceAfter: number }) => [
          e.kind,
          e.amount,
          e.balanceAfter,
        ]),
    ).toEqual([
      ['reversal', 2_500, 10_000],
      ['bet', -2_500, 7_500],
    ]);
    expect(statement.json().value.nextBeforeId).not.toBeNull();
  });

  it('answers unknown accounts and transfers with 404 envelopes', async () => {
    const account = await t.app.inject({
      url: '/ops/ledger/accounts/999999',
      headers: { 'x-operator-key': OPERATOR_KEY },
    });
    expect(account.statusCode).toBe(404);
    expect(account.json().code).toBe('ACCOUNT_NOT_FOUND');
    const transfer = await post('/ops/ledger/transfers', {
      idempotencyKey: 'to-nowhere',
      debitAccount: 'house',
      creditAccount: '999999',
      amount: 5,
      currency: 'BRL',
      kind: 'deposit',
    });
    expect(transfer.statusCode).toBe(404);
    const reversal = await post('/ops/ledger/transfers/999999/reversal', { idempotencyKey: 'rev-nowhere' });
    expect(reversal.json().code).toBe('TRANSFER_NOT_FOUND');
  });

  const valid = {
    idempotencyKey: 'bad-input-01',
    debitAccount: 'house',
    creditAccount: '1',
    amount: 5,
    currency: 'BRL',
    kind: 'deposit',
  };
  it.each([
    ['a negative amount', { ...valid, amount: -5 }, 'amount'],
    ['a fractional amount', { ...valid, amount: 0.5 }, 'amount'],
    ['an amount above the safe range', { ...valid, amount: 2 ** 60 }, 'amount'],
    ['an amount as text', { ...valid, amount: '5' }, 'amount'],
    ['an unknown currency', { ...valid, currency: 'EUR' }, 'currency'],
    ['an unknown field', { ...valid, approvedBy: 'me' }, 'approvedBy'],
    ['an unknown kind', { ...valid, kind: 'gift' }, 'kind'],
    ['a malformed account id', { ...valid, creditAccount: '1; drop table' }, 'creditAccount'],
    [
      'an account id beyond the database’s range',
      { ...valid, creditAccount: '9223372036854775808' },
      'creditAccount',
    ],
    ['a short idempotency key', { ...valid, idempotencyKey: 'k' }, 'idempotencyKey'],
  ])('refuses %s, naming the field, and writes nothing', async (_name, body, field) => {
    const before = await transfersCount();
    const res = await post('/ops/ledger/transfers', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', value: { field } });
    expect(await transfersCount()).toBe(before);
  });

  it('answers ids beyond the database’s range with a 400 naming the id, not a 500', async () => {
    for (const url of [
      '/ops/ledger/accounts/9223372036854775808',
      '/ops/ledger/accounts/9999999999999999999/statement',
      '/ops/ledger/accounts/1/statement?beforeId=9223372036854775808',
    ]) {
      const res = await t.app.inject({ url, headers: { 'x-operator-key': OPERATOR_KEY } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const largest = await t.app.inject({
      url: '/ops/ledger/accounts/9223372036854775807',
      headers: { 'x-operator-key': OPERATOR_KEY },
    });
    expect(largest.json().code).toBe('ACCOUNT_NOT_FOUND');
  });

  it('refuses a transfer from an account to itself', async () => {
    const res = await post('/ops/ledger/transfers', {
      ...valid,
      idempotencyKey: 'self-pay-01',
      debitAccount: alice.toString(),
      creditAccount: alice.toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('SAME_ACCOUNT');
  });
});
