import type { Database } from '../../db/client';

/** How long vendor transaction ids are kept (DESIGN.md: at least 4 months), then purged. */
export const VENDOR_TRANSACTION_RETENTION = '4 months';
/** Rows deleted per statement: short locks, and a huge backlog does not hold one transaction. */
export const PURGE_BATCH = 5_000;
export const PURGE_EVERY_MS = 24 * 60 * 60_000;

/**
 * Deletes vendor transaction records older than the retention (calendar months before `now`), in
 * batches; answers how many and the cutoff. The money itself is untouched: every movement stays in
 * the ledger, whose idempotency keys are kept for ever, so a vendor repeating a purged transaction
 * id still cannot move money twice.
 */
export async function purgeVendorTransactions(
  db: Pick<Database, 'query'>,
  now: Date,
  batch = PURGE_BATCH,
): Promise<{ deleted: number; cutoff: string }> {
  const [cutoffRow] = await db.query<{ cutoff: Date }>(
    `select $1::timestamptz - interval '${VENDOR_TRANSACTION_RETENTION}' as cutoff`,
    [now],
  );
  const cutoff = (cutoffRow as { cutoff: Date }).cutoff;
  let deleted = 0;
  for (;;) {
    const rows = await db.query<{ n: number }>(
      `with gone as (
         delete from vendor_transactions
          where (vendor_code, transaction_id) in (
            select vendor_code, transaction_id from vendor_transactions where created_at < $1 limit $2)
         returning 1)
       select count(*)::int as n from gone`,
      [cutoff, batch],
    );
    const n = rows[0]?.n ?? 0;
    deleted += n;
    if (n < batch) return { deleted, cutoff: new Date(cutoff).toISOString() };
  }
}
