import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Mirrors migrations/0001_ledger.sql; a test checks the two agree. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    code: text('code').notNull().unique(),
    ownerType: text('owner_type', { enum: ['member', 'house', 'vendor', 'provider'] }).notNull(),
    ownerId: text('owner_id').notNull(),
    kind: text('kind', { enum: ['cash', 'bonus', 'points', 'locked', 'house', 'clearing'] }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    allowNegative: boolean('allow_negative').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_accounts_owner').on(t.ownerType, t.ownerId)],
);

export const ledgerTransfers = pgTable('ledger_transfers', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  debitAccountId: bigint('debit_account_id', { mode: 'bigint' }).notNull(),
  creditAccountId: bigint('credit_account_id', { mode: 'bigint' }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  kind: text('kind').notNull(),
  reversalOf: bigint('reversal_of', { mode: 'bigint' }).unique(),
  metadata: jsonb('metadata').notNull().default(sql`'{}'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ledgerEntries = pgTable('ledger_entries', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  transferId: bigint('transfer_id', { mode: 'bigint' }).notNull(),
  accountId: bigint('account_id', { mode: 'bigint' }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;
export type LedgerTransfer = typeof ledgerTransfers.$inferSelect;
export type LedgerEntry = typeof ledgerEntries.$inferSelect;
