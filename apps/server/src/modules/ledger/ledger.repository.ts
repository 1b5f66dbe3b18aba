import type { MovementType } from '@sorte/shared';
import type { Connection } from '../../db/client';
import { movementTypeSql } from './movement-types';

export type AccountRow = {
  id: bigint;
  code: string;
  owner_type: 'member' | 'house' | 'vendor' | 'provider';
  owner_id: string;
  kind: 'cash' | 'bonus' | 'points' | 'locked' | 'house' | 'clearing' | 'vendor_wallet' | 'play';
  currency: string;
  balance: bigint;
  allow_negative: boolean;
  created_at: Date;
};

export type TransferRow = {
  id: bigint;
  idempotency_key: string;
  debit_account_id: bigint;
  credit_account_id: bigint;
  amount: bigint;
  currency: string;
  kind: string;
  reversal_of: bigint | null;
  metadata: Record<string, unknown>;
  created_at: Date;
};

export type EntryRow = {
  id: bigint;
  transfer_id: bigint;
  account_id: bigint;
  amount: bigint;
  balance_after: bigint;
  created_at: Date;
  kind: string;
  idempotency_key: string;
  /** The member's account record's name for the movement (MovementType). */
  type: MovementType;
  counterparty_account_id: bigint;
};

export type PostedRow = {
  transfer_id: bigint;
  replayed: boolean;
  debit_balance: bigint;
  credit_balance: bigint;
};

/** What ledger_top_up answers: the transfer (null when nothing moved), the amount added, the balance. */
export type ToppedUpRow = { transfer_id: bigint | null; replayed: boolean; amount: bigint; balance: bigint };

export type MemberKindBalance = { owner_id: string; currency: string; kind: string; balance: bigint };

export type MovementRow = {
  id: bigint;
  amount: bigint;
  balance_after: bigint;
  created_at: Date;
  type: MovementType;
  reference: string;
};

export type MovementFilter = { accountId: bigint; from: Date; to: Date; type: MovementType | null };

/** Movements of many members' cash accounts (an agent's team), optionally of some types only. */
export type MembersMovementFilter = {
  memberIds: string[];
  currency: string;
  from: Date;
  to: Date;
  types: MovementType[];
};

export type MemberMovementRow = MovementRow & { member_id: string };

/**
 * A transfer as readers that follow the ledger in id order see it (the agent rollups): its movement
 * type, the reversed transfer's type for a reversal, the owners of both accounts, and the round it
 * belongs to when a vendor's metadata names one (a reversal names the reversed transfer's round).
 */
export type FeedTransferRow = {
  id: bigint;
  amount: bigint;
  created_at: Date;
  type: MovementType | 'other';
  original_type: MovementType | 'other' | null;
  debit_owner_type: string;
  debit_owner_id: string;
  credit_owner_type: string;
  credit_owner_id: string;
  /** A merchant's currency, or play money (which counts towards no turnover or income). */
  currency: string;
  vendor: string | null;
  round_id: string | null;
};

const movementType = movementTypeSql('t.kind', 'o.kind');
const movementWhere = `e.account_id = $1 and e.created_at >= $2 and e.created_at < $3
                       and ($4::text is null or ${movementType} = $4)`;
const movementParams = (f: MovementFilter) => [f.accountId, f.from, f.to, f.type];
const originalType = movementTypeSql('o.kind', 'o.kind');
const membersMovementFrom = `from ledger_accounts a
  join ledger_entries e on e.account_id = a.id and e.created_at >= $3 and e.created_at < $4
  join ledger_transfers t on t.id = e.transfer_id
  left join ledger_transfers o on o.id = t.reversal_of
 where a.owner_type = 'member' and a.owner_id = any($1::text[]) and a.kind = 'cash' and a.currency = $2
   and ${movementType} = any($5::text[])`;
const membersMovementParams = (f: MembersMovementFilter) => [f.memberIds, f.currency, f.from, f.to, f.types];

/**
 * A position in the ledger's transfers for followers: every transfer of a lower writing transaction,
 * and those of transaction `xact` up to id `id`, are behind it. `xact` is an xid8 as text.
 */
export type FeedCursor = { xact: string; id: bigint };
type FeedCursorRow = { xact_id: string; final_below: string };

export type NewAccount = Pick<
  AccountRow,
  'code' | 'owner_type' | 'owner_id' | 'kind' | 'currency' | 'allow_negative'
>;

export type PostTransferParams = {
  idempotencyKey: string;
  debitAccountId: bigint;
  creditAccountId: bigint;
  amount: bigint;
  currency: string;
  kind: string;
  reversalOf: bigint | null;
  metadata: Record<string, unknown>;
};

/** SQL of the ledger. Rules live in ledger_post_transfer (one round trip) and in the service. */
export class LedgerRepository {
  constructor(private readonly db: Connection) {}

  async insertAccounts(accounts: NewAccount[]): Promise<void> {
    if (accounts.length === 0) return;
    const values: unknown[] = [];
    const rows = accounts.map((a, i) => {
      values.push(a.code, a.owner_type, a.owner_id, a.kind, a.currency, a.allow_negative);
      const o = i * 6;
      return `($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4}, $${o + 5}, $${o + 6})`;
    });
    await this.db.query(
      `insert into ledger_accounts (code, owner_type, owner_id, kind, currency, allow_negative)
       values ${rows.join(', ')} on conflict (code) do nothing`,
      values,
    );
  }

  findAccountsByCodes(codes: string[]): Promise<AccountRow[]> {
    return this.db.query<AccountRow>(
      'select * from ledger_accounts where code = any($1::text[]) order by id',
      [codes],
    );
  }

  /** Balances of accounts by code (a member's cash, bonus, locked, transfer wallets). */
  balancesByCodes(codes: string[]): Promise<Array<{ code: string; kind: string; balance: bigint }>> {
    return this.db.query('select code, kind, balance from ledger_accounts where code = any($1::text[])', [
      codes,
    ]);
  }

  /**
   * Cash and bonus (or play money, for a free-play member) of every member owning one of these
   * accounts, when the account is one of those (house, vendor and provider accounts, and other
   * kinds, select nothing).
   * The accounts are found by id alone first (materialised): with the owner filter beside the ids,
   * a planner short of statistics ANDs the owner index in, reading every member's accounts (3 ms a
   * call instead of 0.1, on every batch of balance events under bench:wallet).
   */
  memberBalancesOfAccounts(accountIds: bigint[]): Promise<MemberKindBalance[]> {
    return this.db.query<MemberKindBalance>(
      `with c as materialized (
         select owner_type, owner_id, kind, currency from ledger_accounts where id = any($1::bigint[]))
       select distinct m.owner_id, m.currency, m.kind, m.balance
         from c
         join ledger_accounts m on m.owner_type = 'member' and m.owner_id = c.owner_id
                               and m.currency = c.currency and m.kind in ('cash', 'bonus', 'play')
        where c.owner_type = 'member' and c.kind in ('cash', 'bonus', 'play')`,
      [accountIds],
      // Named: planned once per connection, not on each of the many batches under load.
      'records_member_balances_of_accounts',
    );
  }

  async findAccount(id: bigint): Promise<AccountRow | undefined> {
    return (await this.db.query<AccountRow>('select * from ledger_accounts where id = $1', [id]))[0];
  }

  findAccountsOfOwner(ownerType: string, ownerId: string): Promise<AccountRow[]> {
    return this.db.query<AccountRow>(
      'select * from ledger_accounts where owner_type = $1 and owner_id = $2 order by id',
      [ownerType, ownerId],
    );
  }

  async findTransfer(id: bigint): Promise<TransferRow | undefined> {
    return (await this.db.query<TransferRow>('select * from ledger_transfers where id = $1', [id]))[0];
  }

  async postTransfer(p: PostTransferParams): Promise<PostedRow> {
    const rows = await this.db.query<PostedRow>(
      'select * from ledger_post_transfer($1, $2, $3, $4, $5, $6, $7, $8)',
      [
        p.idempotencyKey,
        p.debitAccountId,
        p.creditAccountId,
        p.amount,
        p.currency,
        p.kind,
        p.reversalOf,
        JSON.stringify(p.metadata),
      ],
    );
    return rows[0] as PostedRow;
  }

  /** Tops an account up to `upTo` from a source account (ledger_top_up, 0033_play_money.sql). */
  async topUp(p: {
    idempotencyKey: string;
    sourceAccountId: bigint;
    accountId: bigint;
    upTo: bigint;
    currency: string;
    kind: string;
    metadata: Record<string, unknown>;
  }): Promise<ToppedUpRow> {
    const rows = await this.db.query<ToppedUpRow>('select * from ledger_top_up($1, $2, $3, $4, $5, $6, $7)', [
      p.idempotencyKey,
      p.sourceAccountId,
      p.accountId,
      p.upTo,
      p.currency,
      p.kind,
      JSON.stringify(p.metadata),
    ]);
    return rows[0] as ToppedUpRow;
  }

  async reverseTransfer(idempotencyKey: string, transferId: bigint, metadata: Record<string, unknown>) {
    const rows = await this.db.query<PostedRow>('select * from ledger_reverse_transfer($1, $2, $3)', [
      idempotencyKey,
      transferId,
      JSON.stringify(metadata),
    ]);
    return rows[0] as PostedRow;
  }

  /** Entries of one account, newest first, each with the balance right after it. */
  statement(accountId: bigint, beforeId: bigint | null, limit: number): Promise<EntryRow[]> {
    return this.db.query<EntryRow>(
      `select e.*, t.kind, t.idempotency_key, ${movementType} as type,
              case when t.debit_account_id = e.account_id then t.credit_account_id else t.debit_account_id end
                as counterparty_account_id
         from ledger_entries e
         join ledger_transfers t on t.id = e.transfer_id
         left join ledger_transfers o on o.id = t.reversal_of
        where e.account_id = $1 and ($2::bigint is null or e.id < $2)
        order by e.id desc
        limit $3`,
      [accountId, beforeId, limit],
    );
  }

  async sumBalances(ownerType: string, currency: string): Promise<bigint> {
    const rows = await this.db.query<{ total: bigint | null }>(
      'select sum(balance)::bigint as total from ledger_accounts where owner_type = $1 and currency = $2',
      [ownerType, currency],
    );
    return rows[0]?.total ?? 0n;
  }

  async countMovements(filter: MovementFilter): Promise<number> {
    const [row] = await this.db.query<{ total: number }>(
      `select count(*)::int as total
         from ledger_entries e
         join ledger_transfers t on t.id = e.transfer_id
         left join ledger_transfers o on o.id = t.reversal_of
        where ${movementWhere}`,
      movementParams(filter),
    );
    return row?.total ?? 0;
  }

  /** One account's entries, newest first. The reference names the other side when the transfer says. */
  movements(filter: MovementFilter, page: { limit: number; offset: number }): Promise<MovementRow[]> {
    return this.db.query<MovementRow>(
      `select e.id, e.amount, e.balance_after, e.created_at, ${movementType} as type,
              coalesce(
                case when e.amount < 0 then t.metadata->>'to' else t.metadata->>'from' end,
                t.metadata->>'reference', t.metadata->>'orderId', t.metadata->>'roundId',
                o.metadata->>'reference', o.metadata->>'orderId', o.metadata->>'roundId',
                t.id::text) as reference
         from ledger_entries e
         join ledger_transfers t on t.id = e.transfer_id
         left join ledger_transfers o on o.id = t.reversal_of
        where ${movementWhere}
        order by e.id desc
        limit $5 offset $6`,
      [...movementParams(filter), page.limit, page.offset],
    );
  }

  async countMembersMovements(f: MembersMovementFilter): Promise<number> {
    const [row] = await this.db.query<{ total: number }>(
      `select count(*)::int as total ${membersMovementFrom}`,
      membersMovementParams(f),
    );
    return row?.total ?? 0;
  }

  /** Entries of the members' cash accounts, newest first, with the member each belongs to. */
  membersMovements(
    f: MembersMovementFilter,
    page: { limit: number; offset: number },
  ): Promise<MemberMovementRow[]> {
    return this.db.query<MemberMovementRow>(
      `select e.id, a.owner_id as member_id, e.amount, e.balance_after, e.created_at, ${movementType} as type,
              coalesce(case when e.amount < 0 then t.metadata->>'to' else t.metadata->>'from' end,
                       t.metadata->>'orderId', t.metadata->>'withdrawalId', t.metadata->>'reference',
                       t.id::text) as reference
       ${membersMovementFrom}
        order by e.id desc
        limit $6 offset $7`,
      [...membersMovementParams(f), page.limit, page.offset],
    );
  }

  /**
   * The next transfers after `after` in (transaction id, transfer id) order, at most `limit`, only of
   * transactions below this statement's snapshot xmin (`final_below`, on every row): those have all
   * ended, so nothing can appear below it later, whatever order transactions commit in. One range
   * scan of ledger_transfers_xact from the cursor.
   */
  feedByTransaction(after: FeedCursor, limit: number): Promise<Array<FeedTransferRow & FeedCursorRow>> {
    return this.db.query(
      `with snapshot as materialized (select pg_snapshot_xmin(pg_current_snapshot()) as final_below)
       select t.id, t.xact_id::text as xact_id, (select final_below from snapshot)::text as final_below,
              t.amount, t.created_at, ${movementType} as type,
              case when o.id is null then null else ${originalType} end as original_type,
              da.owner_type as debit_owner_type, da.owner_id as debit_owner_id,
              ca.owner_type as credit_owner_type, ca.owner_id as credit_owner_id, t.currency,
              coalesce(o.metadata, t.metadata)->>'vendor' as vendor,
              coalesce(o.metadata, t.metadata)->>'roundId' as round_id
         from ledger_transfers t
         join ledger_accounts da on da.id = t.debit_account_id
         join ledger_accounts ca on ca.id = t.credit_account_id
         left join ledger_transfers o on o.id = t.reversal_of
        where (t.xact_id, t.id) > ($1::xid8, $2::bigint)
          and t.xact_id < (select final_below from snapshot)
        order by t.xact_id, t.id
        limit $3`,
      [after.xact, after.id.toString(), limit],
    );
  }
}
