import { createHash } from 'node:crypto';
import { type Currency, currencies } from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import type { AccountRow, EntryRow, LedgerRepository, PostedRow, TransferRow } from './ledger.repository';

export type MemberAccountKind = 'cash' | 'bonus' | 'locked' | 'points';
export const memberAccountKinds: readonly MemberAccountKind[] = ['cash', 'bonus', 'locked', 'points'];

export type TransferInput = {
  /** Owned by the caller: a retry with the same key can only ever find the first transfer. */
  idempotencyKey: string;
  debitAccountId: bigint;
  creditAccountId: bigint;
  amount: bigint;
  currency: Currency;
  kind: string;
  metadata?: Record<string, unknown>;
};

export type PostedTransfer = {
  transferId: bigint;
  replayed: boolean;
  debitBalance: bigint;
  creditBalance: bigint;
};

/**
 * Told which accounts a committed transfer or reversal moved (e.g. to push a member's new balance).
 * Called synchronously after the database call returned; must be quick and must not throw.
 */
export type AccountsChangedListener = (accountIds: readonly bigint[]) => void;

export const memberAccountCode = (memberId: string, kind: MemberAccountKind, currency: Currency) =>
  `member:${memberId}:${kind}:${currency}`;
export const houseShardCode = (currency: Currency, shard: number) =>
  `house:${currency}:${String(shard).padStart(2, '0')}`;

/** SQLSTATEs raised by the ledger functions in migrations/0001_ledger.sql. */
const ledgerErrors: Record<string, () => AppError> = {
  SL001: () => new AppError(409, 'INSUFFICIENT_FUNDS'),
  SL002: () => new AppError(409, 'IDEMPOTENCY_MISMATCH'),
  SL003: () => new AppError(404, 'ACCOUNT_NOT_FOUND'),
  SL004: () => new AppError(400, 'CURRENCY_MISMATCH'),
  SL006: () => new AppError(409, 'ALREADY_REVERSED'),
  SL007: () => new AppError(404, 'TRANSFER_NOT_FOUND'),
};

function mapLedgerError(error: unknown): never {
  const code = (error as { code?: string }).code;
  const mapped = code ? ledgerErrors[code] : undefined;
  throw mapped ? mapped() : error;
}

const toPosted = (row: PostedRow): PostedTransfer => ({
  transferId: row.transfer_id,
  replayed: row.replayed,
  debitBalance: row.debit_balance,
  creditBalance: row.credit_balance,
});

/**
 * The double-entry wallet. Every movement of money is one transfer between two accounts, posted
 * by a single database function call; the house is spread over shards so that bets do not all
 * queue on one hot row.
 */
export class LedgerService {
  private houseShards = new Map<Currency, bigint[]>();
  private readonly accountsChangedListeners: AccountsChangedListener[] = [];

  constructor(
    private readonly repository: LedgerRepository,
    private readonly shardCount: number,
  ) {}

  /** Creates the house shards of every currency (idempotent; every instance runs it at start). */
  async ensureHouseAccounts(): Promise<void> {
    const wanted = currencies.flatMap((currency) =>
      Array.from({ length: this.shardCount }, (_, shard) => ({
        code: houseShardCode(currency, shard),
        owner_type: 'house' as const,
        owner_id: 'house',
        kind: 'house' as const,
        currency,
        allow_negative: true,
      })),
    );
    await this.repository.insertAccounts(wanted);
    const rows = await this.repository.findAccountsOfOwner('house', 'house');
    for (const currency of currencies) {
      // Only the first shardCount shards: a smaller HOUSE_SHARDS later keeps older shards readable
      // (they still count in the house balance) but stops posting to them.
      const codes = new Set(Array.from({ length: this.shardCount }, (_, s) => houseShardCode(currency, s)));
      this.houseShards.set(
        currency,
        rows.filter((r) => codes.has(r.code)).map((r) => r.id),
      );
    }
  }

  /**
   * The house shard a transfer uses. Derived from the idempotency key, so a retry of the same
   * transfer names the same account and is recognised as the same transfer.
   */
  houseAccountFor(currency: Currency, idempotencyKey: string): bigint {
    const shards = this.houseShards.get(currency);
    if (!shards?.length) throw new Error('house accounts not loaded: call ensureHouseAccounts at start');
    const index = createHash('sha256').update(idempotencyKey).digest().readUInt32BE(0) % shards.length;
    return shards[index] as bigint;
  }

  isHouseAccount(accountId: bigint): boolean {
    for (const shards of this.houseShards.values()) if (shards.includes(accountId)) return true;
    return false;
  }

  /** Opens (or finds) a member's cash, bonus, locked and points accounts in one currency. */
  async ensureMemberAccounts(
    memberId: string,
    currency: Currency,
  ): Promise<Record<MemberAccountKind, bigint>> {
    const codes = memberAccountKinds.map((kind) => memberAccountCode(memberId, kind, currency));
    let rows = await this.repository.findAccountsByCodes(codes);
    if (rows.length < codes.length) {
      await this.repository.insertAccounts(
        memberAccountKinds.map((kind) => ({
          code: memberAccountCode(memberId, kind, currency),
          owner_type: 'member' as const,
          owner_id: memberId,
          kind,
          currency,
          allow_negative: false,
        })),
      );
      rows = await this.repository.findAccountsByCodes(codes);
    }
    return Object.fromEntries(rows.map((r) => [r.kind, r.id])) as Record<MemberAccountKind, bigint>;
  }

  /** Opens (or finds) a clearing account for a game vendor or a payment provider. */
  async ensureClearingAccount(
    ownerType: 'vendor' | 'provider',
    ownerId: string,
    currency: Currency,
  ): Promise<bigint> {
    const code = `${ownerType}:${ownerId}:clearing:${currency}`;
    await this.repository.insertAccounts([
      { code, owner_type: ownerType, owner_id: ownerId, kind: 'clearing', currency, allow_negative: true },
    ]);
    const [row] = await this.repository.findAccountsByCodes([code]);
    return (row as AccountRow).id;
  }

  /**
   * Listens for money movements. The repository runs each posting as one autocommitted statement, so
   * by the time a listener hears of it the transfer is committed: a refused or failed transfer, and
   * a replay (nothing moved), are never announced. Answers a function that stops listening.
   */
  onAccountsChanged(listener: AccountsChangedListener): () => void {
    this.accountsChangedListeners.push(listener);
    return () => {
      const index = this.accountsChangedListeners.indexOf(listener);
      if (index >= 0) this.accountsChangedListeners.splice(index, 1);
    };
  }

  /**
   * Announces accounts moved by a committed posting. Money paths that call the ledger's SQL functions
   * inside their own statement (the seamless wallet) call this after that statement returned.
   */
  announceAccountsChanged(accountIds: readonly bigint[]): void {
    const moved = accountIds.filter((id) => !this.isHouseAccount(id));
    if (moved.length === 0) return;
    for (const listener of this.accountsChangedListeners) {
      try {
        listener(moved);
      } catch {
        // A listener's failure must never reach the caller of a transfer that did happen.
      }
    }
  }

  async transfer(input: TransferInput): Promise<PostedTransfer> {
    if (input.debitAccountId === input.creditAccountId) throw new AppError(400, 'SAME_ACCOUNT');
    if (input.amount <= 0n) throw new AppError(400, 'VALIDATION_FAILED', { field: 'amount', reason: '> 0' });
    try {
      const row = await this.repository.postTransfer({
        idempotencyKey: input.idempotencyKey,
        debitAccountId: input.debitAccountId,
        creditAccountId: input.creditAccountId,
        amount: input.amount,
        currency: input.currency,
        kind: input.kind,
        reversalOf: null,
        metadata: input.metadata ?? {},
      });
      if (!row.replayed) this.announceAccountsChanged([input.debitAccountId, input.creditAccountId]);
      return toPosted(row);
    } catch (error) {
      mapLedgerError(error);
    }
  }

  /** Undoes a transfer with a new transfer the other way, linked to it. A transfer is reversed once. */
  async reverse(input: {
    idempotencyKey: string;
    transferId: bigint;
    metadata?: Record<string, unknown>;
  }): Promise<PostedTransfer> {
    let row: PostedRow;
    try {
      row = await this.repository.reverseTransfer(
        input.idempotencyKey,
        input.transferId,
        input.metadata ?? {},
      );
    } catch (error) {
      mapLedgerError(error);
    }
    if (!row.replayed && this.accountsChangedListeners.length > 0) {
      // The reversal's accounts are the original's; looked up off the caller's path.
      void this.repository
        .findTransfer(input.transferId)
        .then((original) => {
          if (original) this.announceAccountsChanged([original.debit_account_id, original.credit_account_id]);
        })
        .catch(() => undefined);
    }
    return toPosted(row);
  }

  async getAccount(accountId: bigint): Promise<AccountRow> {
    const account = await this.repository.findAccount(accountId);
    if (!account) throw new AppError(404, 'ACCOUNT_NOT_FOUND');
    return account;
  }

  async getTransfer(transferId: bigint): Promise<TransferRow> {
    const transfer = await this.repository.findTransfer(transferId);
    if (!transfer) throw new AppError(404, 'TRANSFER_NOT_FOUND');
    return transfer;
  }

  async getStatement(
    accountId: bigint,
    options: { beforeId?: bigint | null; limit: number },
  ): Promise<EntryRow[]> {
    await this.getAccount(accountId);
    return this.repository.statement(accountId, options.beforeId ?? null, options.limit);
  }

  /** The house's balance in a currency: the sum of its shards. */
  getHouseBalance(currency: Currency): Promise<bigint> {
    return this.repository.sumBalances('house', currency);
  }
}
