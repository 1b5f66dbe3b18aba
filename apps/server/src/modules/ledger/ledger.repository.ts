import type { Connection } from '../../db/client';

export type AccountRow = {
  id: bigint;
  code: string;
  owner_type: 'member' | 'house' | 'vendor' | 'provider';
  owner_id: string;
  kind: 'cash' | 'bonus' | 'points' | 'locked' | 'house' | 'clearing' | 'vendor_wallet';
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
  counterparty_account_id: bigint;
};

export type PostedRow = {
  transfer_id: bigint;
  replayed: boolean;
  debit_balance: bigint;
  credit_balance: bigint;
};

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
      `select e.*, t.kind, t.idempotency_key,
              case when t.debit_account_id = e.account_id then t.credit_account_id else t.debit_account_id end
                as counterparty_account_id
         from ledger_entries e
         join ledger_transfers t on t.id = e.transfer_id
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
}
