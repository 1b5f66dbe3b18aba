import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/ledger';
import { describeVerdict, verifyLedger } from './ledger-verify';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ houseShards: 2 });
});
afterAll(() => t.app.close());

describe('verifyLedger', () => {
  it('passes on a ledger written only through transfers', async () => {
    const { cash } = await t.app.ledger.openAccounts('m1', 'MXN');
    await t.app.ledger.transfer({
      idempotencyKey: 'fund-m1',
      debitAccountId: t.app.ledger.houseAccountFor('MXN', 'fund-m1'),
      creditAccountId: cash,
      amount: 900n,
      currency: 'MXN',
      kind: 'deposit',
    });
    const verdict = await verifyLedger(t.db);
    expect(verdict.ok).toBe(true);
    expect(describeVerdict(verdict)).toMatch(/^ledger ok: 1 transfers/);
  });

  it('reports a breach when a balance is changed behind the ledger back', async () => {
    const { cash } = await t.app.ledger.openAccounts('m2', 'MXN');
    await t.db.query('update ledger_accounts set balance = balance + 1 where id = $1', [cash]);
    const verdict = await verifyLedger(t.db);
    expect(verdict.ok).toBe(false);
    expect(describeVerdict(verdict)).toContain('balance differs from the sum of its entries');
    expect(describeVerdict(verdict)).toContain('currency does not sum to zero');
    await t.db.query('update ledger_accounts set balance = balance - 1 where id = $1', [cash]);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('reports a one-sided entry written directly', async () => {
    const { cash } = await t.app.ledger.openAccounts('m3', 'MXN');
    const [transfer] = await t.db.query<{ id: bigint }>('select id from ledger_transfers limit 1');
    await t.db.query(
      'insert into ledger_entries (transfer_id, account_id, amount, balance_after) values ($1, $2, 5, 5)',
      [transfer?.id, cash],
    );
    const verdict = await verifyLedger(t.db);
    expect(verdict.breaches.join()).toContain('transfer without exactly two entries');
  });

  it('agrees with the drizzle schema (every declared column exists)', async () => {
    for (const table of [ledgerAccounts, ledgerTransfers, ledgerEntries]) {
      await expect(t.db.orm.select().from(table).limit(1)).resolves.toBeDefined();
    }
  });
});
