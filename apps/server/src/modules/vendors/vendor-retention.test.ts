import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper';
import { consoleKit } from '../console/console-test-kit';
import { buildPaymentsApp, ROOT_OPERATOR_KEY } from '../payments/payments-test-kit';
import { purgeVendorTransactions } from './vendor-retention';

/**
 * Vendor transaction ids are kept 4 months (DESIGN.md), then purged (issue 15): older records go,
 * newer ones stay, in batches, from the console's operator route or the daily run.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildPaymentsApp();
});
afterAll(() => t.app.close());

async function transactionsAged(prefix: string, count: number, age: string) {
  await t.db.query(
    `insert into vendor_transactions (vendor_code, transaction_id, action, status, created_at)
     select 'house', $1 || g, 'bet', 'OK', now() - $3::interval from generate_series(1, $2) g`,
    [prefix, count, age],
  );
}
const remaining = async (prefix: string) =>
  (
    await t.db.query<{ n: number }>(
      'select count(*)::int as n from vendor_transactions where transaction_id like $1',
      [`${prefix}%`],
    )
  )[0]?.n;

describe('vendor transaction retention', () => {
  it('purges records older than 4 months and keeps the rest, in batches', async () => {
    await transactionsAged('old-', 130, '4 months 1 day');
    await transactionsAged('recent-', 3, '3 months 27 days');
    // Batches of 50: three statements, the last one short.
    const result = await purgeVendorTransactions(t.db, new Date(), 50);
    expect(result.deleted).toBe(130);
    expect(await remaining('old-')).toBe(0);
    expect(await remaining('recent-')).toBe(3);
    expect((await purgeVendorTransactions(t.db, new Date())).deleted).toBe(0);
  });

  it('runs from the console for an administrator, and not for finance', async () => {
    await transactionsAged('console-old-', 2, '5 months');
    const kit = consoleKit(t.app, ROOT_OPERATOR_KEY);
    const finance = await kit.operatorWith(['finance']);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/ops/vendors/transactions/purge',
      headers: { cookie: finance.cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(await remaining('console-old-')).toBe(2);
    const admin = await kit.operatorWith(['admin']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/vendors/transactions/purge',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.deleted).toBe(2);
    expect(await remaining('console-old-')).toBe(0);
  });
});
