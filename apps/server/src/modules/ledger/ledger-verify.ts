import type { Connection } from '../../db/client';

export type LedgerVerdict = {
  ok: boolean;
  transfers: bigint;
  accounts: bigint;
  breaches: string[];
};

/** Each check selects the rows that break one invariant; an empty result means it holds. */
const checks: Array<{ name: string; sql: string }> = [
  {
    name: 'transfer without exactly two entries that match its accounts and amount',
    sql: `with agg as (
            select transfer_id, count(*) as c, sum(amount) as s,
                   sum(case when amount < 0 then account_id end) as debit,
                   sum(case when amount > 0 then account_id end) as credit,
                   max(amount) as credited
              from ledger_entries group by transfer_id)
          select t.id::text as id from ledger_transfers t left join agg on agg.transfer_id = t.id
           where agg.c is distinct from 2 or agg.s <> 0 or agg.debit <> t.debit_account_id
              or agg.credit <> t.credit_account_id or agg.credited <> t.amount
           limit 5`,
  },
  {
    name: 'account balance differs from the sum of its entries',
    sql: `select a.id::text as id from ledger_accounts a
            left join (select account_id, sum(amount) as s from ledger_entries group by account_id) x
              on x.account_id = a.id
           where a.balance <> coalesce(x.s, 0) limit 5`,
  },
  {
    name: 'running balance broken (balance_after is not the previous balance plus the amount)',
    sql: `select id::text as id from (
            select id, amount, balance_after,
                   lag(balance_after) over (partition by account_id order by id) as previous
              from ledger_entries) x
           where coalesce(previous, 0) + amount <> balance_after limit 5`,
  },
  {
    name: 'member or non-negative account below zero',
    sql: `select id::text as id from ledger_accounts
           where balance < 0 and (owner_type = 'member' or not allow_negative) limit 5`,
  },
  {
    name: 'currency does not sum to zero',
    sql: `select currency || ' ' || sum(balance)::text as id from ledger_accounts
           group by currency having sum(balance) <> 0`,
  },
  {
    name: 'transfer in a currency other than its accounts',
    sql: `select t.id::text as id from ledger_transfers t
            join ledger_accounts d on d.id = t.debit_account_id
            join ledger_accounts c on c.id = t.credit_account_id
           where d.currency <> t.currency or c.currency <> t.currency limit 5`,
  },
  {
    name: 'reversal that does not mirror its original transfer',
    sql: `select r.id::text as id from ledger_transfers r join ledger_transfers o on o.id = r.reversal_of
           where r.debit_account_id <> o.credit_account_id or r.credit_account_id <> o.debit_account_id
              or r.amount <> o.amount or r.currency <> o.currency or o.reversal_of is not null limit 5`,
  },
];

/** Checks every invariant of the ledger on the whole database. Read-only. */
export async function verifyLedger(db: Connection): Promise<LedgerVerdict> {
  const breaches: string[] = [];
  for (const check of checks) {
    const rows = await db.query<{ id: string }>(check.sql);
    if (rows.length > 0) breaches.push(`${check.name}: ${rows.map((r) => r.id).join(', ')}`);
  }
  const [counts] = await db.query<{ transfers: bigint; accounts: bigint }>(
    `select (select count(*) from ledger_transfers) as transfers, (select count(*) from ledger_accounts) as accounts`,
  );
  return {
    ok: breaches.length === 0,
    transfers: counts?.transfers ?? 0n,
    accounts: counts?.accounts ?? 0n,
    breaches,
  };
}

export function describeVerdict(verdict: LedgerVerdict): string {
  return verdict.ok
    ? `ledger ok: ${verdict.transfers} transfers, ${verdict.accounts} accounts, every currency sums to zero`
    : `ledger BREACH: ${verdict.breaches.join('; ')}`;
}
