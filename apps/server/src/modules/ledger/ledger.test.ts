import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import type { LedgerService } from './ledger.service';
import { verifyLedger } from './ledger-verify';

let t: TestApp;
let sut: LedgerService;
let seq = 0;
const key = (label: string) => `test:${label}:${++seq}`;

beforeAll(async () => {
  t = await buildTestApp({ houseShards: 4 });
  sut = t.app.ledger;
});
afterAll(() => t.app.close());

async function fundedMember(id: string, amount: bigint) {
  const accounts = await sut.openAccounts(id, 'BRL');
  if (amount > 0n) {
    const k = key('fund');
    await sut.transfer({
      idempotencyKey: k,
      debitAccountId: sut.houseAccountFor('BRL', k),
      creditAccountId: accounts.cash,
      amount,
      currency: 'BRL',
      kind: 'deposit',
    });
  }
  return accounts;
}

const balanceOf = async (id: bigint) => (await sut.getAccount(id)).balance;

describe('LedgerService', () => {
  it('moves an amount from one account to another and records both sides', async () => {
    const alice = await fundedMember('alice', 10_000n);
    const bob = await fundedMember('bob', 0n);
    const posted = await sut.transfer({
      idempotencyKey: key('pay'),
      debitAccountId: alice.cash,
      creditAccountId: bob.cash,
      amount: 2_500n,
      currency: 'BRL',
      kind: 'transfer',
    });
    expect(posted).toMatchObject({ replayed: false, debitBalance: 7_500n, creditBalance: 2_500n });
    expect(await balanceOf(alice.cash)).toBe(7_500n);
    expect(await balanceOf(bob.cash)).toBe(2_500n);
    expect((await verifyLedger(t.db)).breaches).toEqual([]);
  });

  it('refuses a debit larger than the balance and writes nothing', async () => {
    const carol = await fundedMember('carol', 1_000n);
    const house = sut.houseAccountFor('BRL', 'x');
    const before = await t.db.query<{ n: bigint }>('select count(*) as n from ledger_transfers');
    await expect(
      sut.transfer({
        idempotencyKey: key('bet'),
        debitAccountId: carol.cash,
        creditAccountId: house,
        amount: 1_001n,
        currency: 'BRL',
        kind: 'bet',
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS', status: 409 });
    expect(await balanceOf(carol.cash)).toBe(1_000n);
    const after = await t.db.query<{ n: bigint }>('select count(*) as n from ledger_transfers');
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('returns the original transfer when the same key is retried with the same parameters', async () => {
    const dave = await fundedMember('dave', 5_000n);
    const k = key('bet');
    const input = {
      idempotencyKey: k,
      debitAccountId: dave.cash,
      creditAccountId: sut.houseAccountFor('BRL', k),
      amount: 700n,
      currency: 'BRL' as const,
      kind: 'bet',
    };
    const first = await sut.transfer(input);
    const retry = await sut.transfer(input);
    expect(retry.transferId).toBe(first.transferId);
    expect(retry.replayed).toBe(true);
    expect(retry.debitBalance).toBe(4_300n);
    expect(await balanceOf(dave.cash)).toBe(4_300n);
  });

  it('refuses the same key with different parameters', async () => {
    const erin = await fundedMember('erin', 5_000n);
    const k = key('bet');
    const house = sut.houseAccountFor('BRL', k);
    await sut.transfer({
      idempotencyKey: k,
      debitAccountId: erin.cash,
      creditAccountId: house,
      amount: 100n,
      currency: 'BRL',
      kind: 'bet',
    });
    await expect(
      sut.transfer({
        idempotencyKey: k,
        debitAccountId: erin.cash,
        creditAccountId: house,
        amount: 101n,
        currency: 'BRL',
        kind: 'bet',
      }),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_MISMATCH', status: 409 });
    expect(await balanceOf(erin.cash)).toBe(4_900n);
  });

  it('reverses a transfer once, with a new linked transfer', async () => {
    const fay = await fundedMember('fay', 3_000n);
    const k = key('bet');
    const bet = await sut.transfer({
      idempotencyKey: k,
      debitAccountId: fay.cash,
      creditAccountId: sut.houseAccountFor('BRL', k),
      amount: 1_000n,
      currency: 'BRL',
      kind: 'bet',
    });
    const reversal = await sut.reverse({ idempotencyKey: key('rev'), transferId: bet.transferId });
    expect(reversal.creditBalance).toBe(3_000n);
    const row = await sut.getTransfer(reversal.transferId);
    expect(row.reversal_of).toBe(bet.transferId);
    await expect(
      sut.reverse({ idempotencyKey: key('rev'), transferId: bet.transferId }),
    ).rejects.toMatchObject({
      code: 'ALREADY_REVERSED',
    });
    await expect(
      sut.reverse({ idempotencyKey: key('rev'), transferId: reversal.transferId }),
    ).rejects.toMatchObject({
      code: 'ALREADY_REVERSED',
    });
    expect(await balanceOf(fay.cash)).toBe(3_000n);
  });

  it('refuses to reverse a win that has already been spent', async () => {
    const gus = await fundedMember('gus', 0n);
    const k = key('win');
    const win = await sut.transfer({
      idempotencyKey: k,
      debitAccountId: sut.houseAccountFor('BRL', k),
      creditAccountId: gus.cash,
      amount: 500n,
      currency: 'BRL',
      kind: 'win',
    });
    const spend = key('bet');
    await sut.transfer({
      idempotencyKey: spend,
      debitAccountId: gus.cash,
      creditAccountId: sut.houseAccountFor('BRL', spend),
      amount: 400n,
      currency: 'BRL',
      kind: 'bet',
    });
    await expect(
      sut.reverse({ idempotencyKey: key('rev'), transferId: win.transferId }),
    ).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await balanceOf(gus.cash)).toBe(100n);
  });

  it('refuses a transfer between accounts of another currency', async () => {
    const hal = await fundedMember('hal', 1_000n);
    const mx = await sut.openAccounts('hal', 'MXN');
    await expect(
      sut.transfer({
        idempotencyKey: key('x'),
        debitAccountId: hal.cash,
        creditAccountId: mx.cash,
        amount: 1n,
        currency: 'BRL',
        kind: 'transfer',
      }),
    ).rejects.toMatchObject({ code: 'CURRENCY_MISMATCH' });
  });

  it('keeps a statement with the running balance, newest first', async () => {
    const ivy = await fundedMember('ivy', 1_000n);
    for (const amount of [100n, 250n]) {
      const k = key('bet');
      await sut.transfer({
        idempotencyKey: k,
        debitAccountId: ivy.cash,
        creditAccountId: sut.houseAccountFor('BRL', k),
        amount,
        currency: 'BRL',
        kind: 'bet',
      });
    }
    const entries = await sut.statement(ivy.cash, { limit: 10 });
    expect(entries.map((e) => [e.kind, e.amount, e.balance_after])).toEqual([
      ['bet', -250n, 650n],
      ['bet', -100n, 900n],
      ['deposit', 1_000n, 1_000n],
    ]);
  });

  it('never lets an entry be edited or deleted', async () => {
    await expect(t.db.query('update ledger_entries set amount = amount + 1')).rejects.toThrow(/append-only/);
    await expect(t.db.query('delete from ledger_transfers')).rejects.toThrow(/append-only/);
  });

  it('spreads house postings over shards and sums them as one house balance', async () => {
    const jay = await fundedMember('jay', 0n);
    const shards = new Set<bigint>();
    for (let i = 0; i < 40; i++) shards.add(sut.houseAccountFor('BRL', `spread:${i}`));
    expect(shards.size).toBe(4);
    const before = await sut.getHouseBalance('BRL');
    const k = key('fund');
    await sut.transfer({
      idempotencyKey: k,
      debitAccountId: sut.houseAccountFor('BRL', k),
      creditAccountId: jay.cash,
      amount: 42n,
      currency: 'BRL',
      kind: 'deposit',
    });
    expect(await sut.getHouseBalance('BRL')).toBe(before - 42n);
  });

  it('opens one clearing account per vendor or provider and currency, which may run negative', async () => {
    const vendorShards = await sut.openShards({ type: 'vendor', id: 'HOUSE_STUDIO' });
    const vendor = sut.shardFor(vendorShards, 'BDT', 'any key');
    expect(sut.shardFor(await sut.openShards({ type: 'vendor', id: 'HOUSE_STUDIO' }), 'BDT', 'any key')).toBe(
      vendor,
    );
    const provider = sut.shardFor(await sut.openShards({ type: 'provider', id: 'sandbox' }), 'BDT', 'dep');
    const member = await sut.openAccounts('kim', 'BDT');
    await sut.transfer({
      idempotencyKey: key('dep'),
      debitAccountId: provider,
      creditAccountId: member.cash,
      amount: 5_000n,
      currency: 'BDT',
      kind: 'deposit',
    });
    expect((await sut.getAccount(provider)).balance).toBe(-5_000n);
    expect((await sut.getAccount(vendor)).kind).toBe('clearing');
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });
});
