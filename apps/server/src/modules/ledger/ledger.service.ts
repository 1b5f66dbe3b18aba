import { hash } from 'node:crypto';
import {
  type Currency,
  currencies,
  type LedgerCurrency,
  ledgerCurrencies,
  PLAY_MONEY_CURRENCY,
  PLAY_MONEY_TOP_UP_TO_MINOR,
} from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import {
  type MemberAccountKind,
  memberAccountCode,
  memberAccountKinds,
  playAccountCode,
  type ShardOwner,
  shardCode,
  vendorWalletCode,
} from './account-codes';
import type {
  AccountRow,
  EntryRow,
  FeedCursor,
  FeedTransferRow,
  LedgerRepository,
  MemberKindBalance,
  MemberMovementRow,
  MembersMovementFilter,
  MovementFilter,
  MovementRow,
  PostedRow,
  TransferRow,
} from './ledger.repository';

export * from './account-codes';
export type {
  AccountRow,
  EntryRow,
  FeedCursor,
  FeedTransferRow,
  MemberKindBalance,
  MemberMovementRow,
  MembersMovementFilter,
  MovementFilter,
  MovementRow,
  TransferRow,
} from './ledger.repository';

/** An owner's shards per currency: one transfer goes through one of them (`shardFor`). */
export type Shards = ReadonlyMap<LedgerCurrency, readonly bigint[]>;

/** What a play-money top-up did: how much it added (0: the account was full) and the balance now. */
export type PlayMoneyTopUp = { added: bigint; balance: bigint; replayed: boolean };

/** A member's balances in one currency (cash, bonus, locked, points) and at vendors' transfer wallets. */
export type MemberBalances = Record<MemberAccountKind, bigint> & { vendorWallets: Map<string, bigint> };

export type TransferInput = {
  /** Owned by the caller: a retry with the same key can only ever find the first transfer. */
  idempotencyKey: string;
  debitAccountId: bigint;
  creditAccountId: bigint;
  amount: bigint;
  currency: LedgerCurrency;
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
 * The double-entry ledger, the one door for money. Every movement is one transfer between two
 * accounts, posted by a single database function call (`ledger_post_transfer`); the house and the
 * vendors' and providers' clearing accounts are spread over shards so that transfers do not all queue
 * on one hot row. Only this module reads or writes the ledger's tables: other modules open accounts,
 * pick shards, move money and read balances and statements through this service.
 */
export class LedgerService {
  private house: Shards = new Map();
  private readonly houseIds = new Set<bigint>();
  /** Account ids never change, so a member's cash account is looked up once per process. */
  private readonly cashAccounts = new Map<string, bigint>();
  private readonly accountsChangedListeners: AccountsChangedListener[] = [];

  constructor(
    private readonly repository: LedgerRepository,
    private readonly shardCount: number,
  ) {}

  // --- accounts and shards --------------------------------------------------------------------

  /** Creates the house shards of every currency (idempotent; every instance runs it at start). */
  async ensureHouseAccounts(): Promise<void> {
    // Only the first shardCount shards: a smaller HOUSE_SHARDS later keeps older shards readable
    // (they still count in the house balance) but stops posting to them.
    this.house = await this.openShards({ type: 'house' });
    for (const shards of this.house.values()) for (const id of shards) this.houseIds.add(id);
  }

  /**
   * Opens (or finds) an owner's shards, `shardCount` per currency, in one insert and one read
   * (idempotent; every instance runs it at start). House shards are the house's balance; vendor and
   * provider shards are clearing accounts. All may run negative. The house and game vendors get
   * play-money shards too (free-play accounts play with it); payment providers never do, so play
   * money has no account to be paid out to.
   */
  async openShards(owner: ShardOwner): Promise<Shards> {
    const codeOf = (currency: LedgerCurrency, shard: number) => shardCode(owner, currency, shard);
    const owned: readonly LedgerCurrency[] = owner.type === 'provider' ? currencies : ledgerCurrencies;
    const wanted = owned.flatMap((currency) =>
      Array.from({ length: this.shardCount }, (_, shard) => ({
        code: codeOf(currency, shard),
        owner_type: owner.type,
        owner_id: owner.type === 'house' ? 'house' : owner.id,
        kind: owner.type === 'house' ? ('house' as const) : ('clearing' as const),
        currency,
        allow_negative: true,
      })),
    );
    await this.repository.insertAccounts(wanted);
    const rows = await this.repository.findAccountsByCodes(wanted.map((a) => a.code));
    const byCode = new Map(rows.map((r) => [r.code, r.id]));
    return new Map(
      owned.map((currency) => [
        currency,
        Array.from({ length: this.shardCount }, (_, shard) => byCode.get(codeOf(currency, shard)) as bigint),
      ]),
    );
  }

  /**
   * The shard a transfer goes through, derived from its idempotency key: a retry of the same transfer
   * names the same account and is recognised as the same transfer. One-shot hash (no Hash object):
   * it runs on every bet.
   */
  shardFor(shards: Shards, currency: LedgerCurrency, idempotencyKey: string): bigint {
    const ids = shards.get(currency);
    if (!ids?.length) throw new Error(`no shards opened in ${currency}`);
    return ids[hash('sha256', idempotencyKey, 'buffer').readUInt32BE(0) % ids.length] as bigint;
  }

  /** The house shard a transfer uses (see shardFor). */
  houseAccountFor(currency: LedgerCurrency, idempotencyKey: string): bigint {
    if (this.house.size === 0)
      throw new Error('house accounts not loaded: call ensureHouseAccounts at start');
    return this.shardFor(this.house, currency, idempotencyKey);
  }

  isHouseAccount(accountId: bigint): boolean {
    return this.houseIds.has(accountId);
  }

  /** Opens (or finds) a member's cash, bonus, locked and points accounts in one currency. */
  async openAccounts(memberId: string, currency: Currency): Promise<Record<MemberAccountKind, bigint>> {
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
    const accounts = Object.fromEntries(rows.map((r) => [r.kind, r.id])) as Record<MemberAccountKind, bigint>;
    this.rememberCash(memberId, currency, accounts.cash);
    return accounts;
  }

  /** A member's cash account (opening their accounts the first time), remembered for the process. */
  async cashAccountOf(memberId: bigint | string, currency: Currency): Promise<bigint> {
    return (
      this.cashAccounts.get(`${memberId}:${currency}`) ??
      (await this.openAccounts(memberId.toString(), currency)).cash
    );
  }

  private rememberCash(memberId: string, currency: Currency, id: bigint) {
    if (this.cashAccounts.size >= 100_000) this.cashAccounts.clear();
    this.cashAccounts.set(`${memberId}:${currency}`, id);
  }

  /** Opens (or finds) a member's transfer wallet at a vendor: never negative, like their cash. */
  openVendorWallet(memberId: string, vendor: string, currency: Currency): Promise<bigint> {
    return this.openMemberAccount(
      memberId,
      vendorWalletCode(memberId, vendor, currency),
      'vendor_wallet',
      currency,
    );
  }

  /** A member's own account by its code, opened on first use; never negative. */
  private async openMemberAccount(
    memberId: string,
    code: string,
    kind: 'vendor_wallet' | 'play',
    currency: LedgerCurrency,
  ): Promise<bigint> {
    let [row] = await this.repository.findAccountsByCodes([code]);
    if (!row) {
      await this.repository.insertAccounts([
        { code, owner_type: 'member', owner_id: memberId, kind, currency, allow_negative: false },
      ]);
      [row] = await this.repository.findAccountsByCodes([code]);
    }
    if (!row) throw new Error(`${kind} account ${code} not created`);
    return row.id;
  }

  // --- play money -----------------------------------------------------------------------------

  /**
   * Opens (or finds) a free-play member's play-money account (DECISIONS.md "trial (free play)
   * accounts"): in the play-money currency, never negative. Only the seamless wallet's play sessions
   * and the top-up below ever name it; nothing can move it into a real currency (the ledger refuses
   * a transfer between currencies), and no payment provider holds a play-money account.
   */
  openPlayAccount(memberId: string): Promise<bigint> {
    return this.openMemberAccount(memberId, playAccountCode(memberId), 'play', PLAY_MONEY_CURRENCY);
  }

  /** A member's play money (0 when they never had any). */
  async playBalance(memberId: string): Promise<bigint> {
    const [row] = await this.repository.balancesByCodes([playAccountCode(memberId)]);
    return row?.balance ?? 0n;
  }

  /**
   * Tops a member's play money up to PLAY_MONEY_TOP_UP_TO_MINOR from the house's play-money shard, in
   * one statement that locks the account (ledger_top_up): never past it, however many top-ups race.
   * `requestId` is the caller's: the same one again finds the first top-up and adds nothing.
   */
  async topUpPlayMoney(memberId: string, requestId: string): Promise<PlayMoneyTopUp> {
    const accountId = await this.openPlayAccount(memberId);
    const idempotencyKey = `play-money:${memberId}:${requestId}`;
    try {
      const row = await this.repository.topUp({
        idempotencyKey,
        sourceAccountId: this.houseAccountFor(PLAY_MONEY_CURRENCY, idempotencyKey),
        accountId,
        upTo: BigInt(PLAY_MONEY_TOP_UP_TO_MINOR),
        currency: PLAY_MONEY_CURRENCY,
        kind: 'play_money',
        metadata: { reference: requestId },
      });
      if (row.transfer_id !== null && !row.replayed) this.announce([accountId]);
      return { added: row.amount, balance: row.balance, replayed: row.replayed };
    } catch (error) {
      mapLedgerError(error);
    }
  }

  // --- balances and statements ----------------------------------------------------------------

  /**
   * A member's balances in one currency, with their transfer wallets at these vendors (0 where never
   * opened), in one read; the member's accounts are opened the first time.
   */
  async memberBalances(
    memberId: string,
    currency: Currency,
    vendors: readonly string[] = [],
  ): Promise<MemberBalances> {
    const kindCodes = memberAccountKinds.map((kind) => memberAccountCode(memberId, kind, currency));
    const walletCodes = vendors.map((vendor) => vendorWalletCode(memberId, vendor, currency));
    let rows = await this.repository.balancesByCodes([...kindCodes, ...walletCodes]);
    if (!rows.some((r) => r.kind === 'cash')) {
      await this.openAccounts(memberId, currency);
      rows = await this.repository.balancesByCodes([...kindCodes, ...walletCodes]);
    }
    const byCode = new Map(rows.map((r) => [r.code, r.balance]));
    const of = (kind: MemberAccountKind) => byCode.get(memberAccountCode(memberId, kind, currency)) ?? 0n;
    return {
      cash: of('cash'),
      bonus: of('bonus'),
      locked: of('locked'),
      points: of('points'),
      vendorWallets: new Map(vendors.map((v, i) => [v, byCode.get(walletCodes[i] as string) ?? 0n])),
    };
  }

  /**
   * Cash and bonus of every member owning one of these accounts, when it is a member's cash or bonus
   * account (for live balance events after a movement).
   */
  memberBalancesOfAccounts(accountIds: bigint[]): Promise<MemberKindBalance[]> {
    return this.repository.memberBalancesOfAccounts(accountIds);
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

  /** Entries of one account, newest first, each with the balance right after it (paged by id). */
  async statement(
    accountId: bigint,
    options: { beforeId?: bigint | null; limit: number },
  ): Promise<EntryRow[]> {
    await this.getAccount(accountId);
    return this.repository.statement(accountId, options.beforeId ?? null, options.limit);
  }

  /**
   * One account's movements in a time range, optionally of one type (the member's account record),
   * newest first, with the total for paging; the page is read only when there is one.
   */
  async movements(
    filter: MovementFilter,
    page: { limit: number; offset: number },
  ): Promise<{ total: number; rows: MovementRow[] }> {
    const total = await this.repository.countMovements(filter);
    return { total, rows: total ? await this.repository.movements(filter, page) : [] };
  }

  /** Cash balances of members (an agent's page of downlines); 0 for a member with no account yet. */
  async cashBalancesOf(memberIds: string[], currency: Currency): Promise<Map<string, bigint>> {
    const codes = memberIds.map((id) => memberAccountCode(id, 'cash', currency));
    const byCode = new Map((await this.repository.balancesByCodes(codes)).map((r) => [r.code, r.balance]));
    return new Map(memberIds.map((id, i) => [id, byCode.get(codes[i] as string) ?? 0n]));
  }

  /**
   * Many members' cash-account movements of some types in a time range (an agent's team), newest
   * first, with the total for paging; the page is read only when there is one.
   */
  async membersMovements(
    filter: MembersMovementFilter,
    page: { limit: number; offset: number },
  ): Promise<{ total: number; rows: MemberMovementRow[] }> {
    if (filter.memberIds.length === 0 || filter.types.length === 0) return { total: 0, rows: [] };
    const total = await this.repository.countMembersMovements(filter);
    return { total, rows: total ? await this.repository.membersMovements(filter, page) : [] };
  }

  /**
   * The next batch of transfers after `after` for readers that follow every movement exactly once
   * whatever order transactions commit in (the agent rollups keep their own cursor): at most `limit`,
   * only of transactions that have ended (see LedgerRepository.feedByTransaction); `end` is the cursor
   * to resume from, null when there is nothing new. A short batch read everything final, so `end`
   * moves to the snapshot's xmin: the next batch starts there.
   */
  async transfersSince(
    after: FeedCursor,
    options: { limit: number },
  ): Promise<{ end: FeedCursor | null; transfers: FeedTransferRow[] }> {
    const rows = await this.repository.feedByTransaction(after, options.limit);
    const last = rows.at(-1);
    if (!last) return { end: null, transfers: [] };
    const end =
      rows.length < options.limit ? { xact: last.final_below, id: 0n } : { xact: last.xact_id, id: last.id };
    return { end, transfers: rows };
  }

  /** The house's balance in a currency: the sum of its shards. */
  getHouseBalance(currency: LedgerCurrency): Promise<bigint> {
    return this.repository.sumBalances('house', currency);
  }

  // --- announcements --------------------------------------------------------------------------

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
   * inside their own statement (deposits, withdrawals, the seamless wallet) call this after that
   * statement returned, with the account ids it returned.
   */
  announce(accountIds: readonly bigint[]): void {
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

  // --- transfers ------------------------------------------------------------------------------

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
      if (!row.replayed) this.announce([input.debitAccountId, input.creditAccountId]);
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
          if (original) this.announce([original.debit_account_id, original.credit_account_id]);
        })
        .catch(() => undefined);
    }
    return toPosted(row);
  }
}
