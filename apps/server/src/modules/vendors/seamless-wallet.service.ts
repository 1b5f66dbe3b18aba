import {
  createHash,
  createHmac,
  createSecretKey,
  hash,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import {
  isPlayMoney,
  type LedgerCurrency,
  type SeamlessWalletAction,
  type SeamlessWalletStatus,
  seamlessWalletActions,
  seamlessWalletRequestSchemas,
} from '@sorte/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { GameLaunchRequest } from '../games/game-launcher';
import type { LedgerService, Shards } from '../ledger/ledger.service';
import { GroupCommit, type GroupCommitStats } from './group-commit';
import type {
  AnswerRow,
  MoneyCall,
  SeamlessWalletRepository,
  WalletVendorRow,
} from './seamless-wallet.repository';

/**
 * The in-house studio is one wallet vendor, SORTE, whose games span two catalogue vendors: SORTE
 * (Originals: crash, slots) and BGS (bonus games). One code means one secret, one set of clearing
 * accounts and one transaction-id space for everything the studio runs.
 */
export const HOUSE_WALLET_VENDOR = 'SORTE';
export const HOUSE_WALLET_VENDOR_NAME = 'Sorte Studio';

/** A launch token is good for one authenticate within this many seconds. */
export const LAUNCH_TOKEN_TTL_SECONDS = 120;
/** Bets need a session used (by a bet or authenticate) within this long... */
export const SESSION_IDLE_SECONDS = 30 * 60;
/** ...and started (by authenticate) within this long. Wins and rollbacks ignore both. */
export const SESSION_MAX_SECONDS = 24 * 60 * 60;
/** Vendors (and their secrets) are reloaded from the database at most this often. */
const VENDOR_CACHE_MS = 30_000;
/** Two calls touching the same rows in opposite order: PostgreSQL aborts one; it is safe to rerun. */
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;
const NUMERIC_OUT_OF_RANGE = '22003';
/**
 * The most money calls in one database transaction (vendor_wallet_batch, 0017): each bet or rollback
 * opens a subtransaction, and PostgreSQL keeps up to 64 of a transaction's in its fast cache.
 */
export const MAX_CALLS_PER_BATCH = 64;
/**
 * Batches running at once (GroupCommit) on PostgreSQL: each holds a connection and a clearing shard
 * of its own. Four keep the two cores of the database busy while a batch waits for its commit flush.
 */
export const POSTGRES_BATCHES_IN_FLIGHT = 4;
/**
 * On PGlite, one: its one thread runs one statement at a time, so a second batch in flight only
 * waits there, and being sent early it is small and costs that busy thread its fixed cost again
 * (busy-machine runs at 300 rounds/s: no better with two, twice far worse).
 */
export const PGLITE_BATCHES_IN_FLIGHT = 1;

type WalletVendor = {
  code: string;
  name: string;
  /** The HMAC key, imported once: every call verifies and signs with it. */
  secret: KeyObject;
  /**
   * The key before the last rotation: still accepted (and answered with) until `until` (ms since the
   * epoch), so the vendor can switch within the overlap; never after, whenever the list was loaded.
   */
  previous: { key: KeyObject; until: number } | null;
  catalogueVendors: string[];
  clearing: Shards;
};

/** What the route sends: the exact body, and its signature when the request's own was good. */
export type WalletReply = { body: string; signature: string | null };

export type HouseVendorCredentials = {
  code: string;
  secret: string;
  catalogueVendors: string[];
  /** POST `${walletPath}/{action}` on the API. */
  walletPath: string;
};

export const vendorLedgerKey = (vendorCode: string, transactionId: string) =>
  `vendor:${vendorCode}:${transactionId}`;

export const hashLaunchToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const signVendorBody = (secret: string | Buffer | KeyObject, body: string | Buffer) =>
  createHmac('sha256', secret).update(body).digest('hex');

/**
 * The answer's bytes: keys always in this order, compact. The SQL function vendor_wallet_answer
 * (0010_vendor_wallet.sql) writes the same format for the answers it stores.
 */
export function walletAnswer(
  status: SeamlessWalletStatus,
  balance: bigint | null,
  currency: string | null,
  transactionId: string | null,
  extra: { playerId: string | null } | null = null,
): string {
  return JSON.stringify({
    status,
    balance: balance === null ? null : Number(balance),
    currency,
    transactionId,
    ...(extra ?? {}),
  });
}

function isRetryable(error: unknown): boolean {
  return RETRYABLE_SQLSTATES.has((error as { code?: string }).code ?? '');
}

/** The request's transaction id if it has a readable one, for echoing in INVALID_REQUEST. */
function transactionIdOf(body: unknown): string | null {
  const id = (body as { transactionId?: unknown } | null)?.transactionId;
  return typeof id === 'string' && /^[A-Za-z0-9._:-]{1,100}$/.test(id) ? id : null;
}

/**
 * The platform side of the seamless wallet: signature checks, the five actions, launch tokens. The
 * money of bet, win and rollback moves in one database call each (vendor_wallet_* functions), in the
 * same transaction as the vendor transaction row and its stored answer.
 */
export class SeamlessWalletService {
  private vendors = new Map<string, WalletVendor>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;
  private readonly decoyKey = createSecretKey(randomBytes(32));
  /**
   * Vendor player → member cash account (sessions never change it): orders a batch's row locks and
   * names the account whose balance to announce.
   */
  private readonly cashAccounts = new Map<string, bigint>();
  /** Bets, wins and rollbacks arriving together share one statement and one commit. */
  private readonly moneyCalls: GroupCommit<QueuedCall, AnswerRow>;
  /** Clearing shards held by the batches in flight: each batch moves its money through a free one. */
  private readonly clearingInUse = new Set<bigint>();

  constructor(
    private readonly repository: SeamlessWalletRepository,
    private readonly ledger: LedgerService,
    private readonly options: {
      houseSecret: string;
      houseCatalogueVendors: string[];
      shardCount: number;
      /** Batches of money calls running at once (at most one per clearing shard). */
      batchesInFlight: number;
      log: FastifyBaseLogger;
    },
  ) {
    // Money calls go before other waiting statements on the embedded database (the repository sends
    // them on Database.urgent): a player's bet should not queue behind a burst of sign-ins and lobby
    // reads.
    this.moneyCalls = new GroupCommit<QueuedCall, AnswerRow>({
      one: (queued) => this.withFreeClearing([queued.call], ([call]) => repository.one(call as MoneyCall)),
      many: (queued) => {
        // Row locks in one order in every batch (members by cash account), so that batches running
        // side by side can wait for each other but never deadlock. Calls of one member keep their
        // arrival order (the sort is stable).
        const order = queued.map((_, i) => i).sort((a, b) => compareLockKeys(queued[a], queued[b]));
        return this.withFreeClearing(
          order.map((i) => (queued[i] as QueuedCall).call),
          async (calls) => {
            const sortedAnswers = await repository.batch(calls);
            const answers = new Array<AnswerRow>(queued.length);
            for (const [k, i] of order.entries()) answers[i] = sortedAnswers[k] as AnswerRow;
            return answers;
          },
        );
      },
      maxCalls: MAX_CALLS_PER_BATCH,
      maxInFlight: Math.min(options.batchesInFlight, options.shardCount),
      // A rollback's refund goes back through its bet's clearing shard, which another batch may hold:
      // its batch runs with nothing else in flight.
      exclusive: (queued) => queued.call.action === 'rollback',
      onBatchFailed: (error, calls) =>
        options.log.warn({ err: error, calls }, 'wallet batch failed; running its calls one by one'),
    });
  }

  /** Registers the house studio and loads every vendor (idempotent; every instance runs it at start). */
  async start(): Promise<void> {
    await this.repository.upsertConfiguredVendor(
      HOUSE_WALLET_VENDOR,
      HOUSE_WALLET_VENDOR_NAME,
      this.options.houseCatalogueVendors,
    );
    await this.reloadVendors();
  }

  /** How the money calls went to the database so far: alone, in batches, batches that failed. */
  moneyCallStats(): Readonly<GroupCommitStats> {
    return { ...this.moneyCalls.stats };
  }

  /** What the studio needs to call the wallet: never sent to any client. */
  houseVendor(): HouseVendorCredentials {
    return {
      code: HOUSE_WALLET_VENDOR,
      secret: this.options.houseSecret,
      catalogueVendors: [...this.options.houseCatalogueVendors],
      walletPath: `/vendor/${HOUSE_WALLET_VENDOR}/wallet`,
    };
  }

  // --- vendors ----------------------------------------------------------------------------------

  /** Reads the vendors again (also every 30 s on its own), e.g. after an operator added one. */
  async reloadVendors(): Promise<void> {
    const rows = await this.repository.listVendors();
    const next = new Map<string, WalletVendor>();
    for (const row of rows) {
      const secret = this.secretOf(row);
      if (!secret) continue;
      const known = this.vendors.get(row.code);
      const previousUntil = row.previous_secret_until ? new Date(row.previous_secret_until).getTime() : 0;
      next.set(row.code, {
        code: row.code,
        name: row.name,
        secret,
        previous:
          row.previous_secret && previousUntil > Date.now()
            ? { key: createSecretKey(Buffer.from(row.previous_secret, 'utf8')), until: previousUntil }
            : null,
        catalogueVendors: row.catalogue_vendors,
        clearing: known?.clearing ?? (await this.ledger.openShards({ type: 'vendor', id: row.code })),
      });
    }
    this.vendors = next;
    this.loadedAt = Date.now();
  }

  private secretOf(row: WalletVendorRow): KeyObject | null {
    if (row.secret) return createSecretKey(Buffer.from(row.secret, 'utf8'));
    if (row.code === HOUSE_WALLET_VENDOR)
      return createSecretKey(Buffer.from(this.options.houseSecret, 'utf8'));
    this.options.log.warn({ vendor: row.code }, 'wallet vendor without a secret: its calls are refused');
    return null;
  }

  private async vendorOf(code: string): Promise<WalletVendor | undefined> {
    if (Date.now() - this.loadedAt > VENDOR_CACHE_MS) {
      this.loading ??= this.reloadVendors().finally(() => {
        this.loading = null;
      });
      await this.loading;
    }
    return this.vendors.get(code);
  }

  /**
   * The clearing shard of a transfer, from its ledger key: where its batch starts looking for a free
   * one (withFreeClearing).
   */
  private clearingAccountFor(vendor: WalletVendor, currency: LedgerCurrency, ledgerKey: string): bigint {
    return this.ledger.shardFor(vendor.clearing, currency, ledgerKey);
  }

  /**
   * Runs `run` with the bets and wins of each vendor and currency moved through one clearing shard
   * that no other batch in flight holds: the first free one from their first call's own. A batch holds
   * its row locks until it commits; batches in flight side by side then share no clearing row, only
   * members' rows, which they take in one order, so they can never deadlock each other. (Batches of
   * another server instance may still meet one: RETRYABLE_SQLSTATES.) Which shard a transfer goes
   * through changes no balance a member or the vendor sees (the clearing account is the sum of its
   * shards), and a repeated call never reaches the ledger again: its vendor transaction id answers
   * it first.
   */
  private async withFreeClearing<T>(calls: MoneyCall[], run: (calls: MoneyCall[]) => Promise<T>): Promise<T> {
    const chosen = new Map<string, bigint>();
    const routed = calls.map((call): MoneyCall => {
      if (call.action === 'rollback') return call;
      const key = `${call.params.vendorCode}\u0000${call.params.currency}`;
      let clearingAccountId = chosen.get(key);
      if (clearingAccountId === undefined) {
        clearingAccountId = this.freeClearingAccount(call.params);
        chosen.set(key, clearingAccountId);
        this.clearingInUse.add(clearingAccountId);
      }
      if (clearingAccountId === call.params.clearingAccountId) return call;
      return call.action === 'bet'
        ? { action: 'bet', params: { ...call.params, clearingAccountId } }
        : { action: 'win', params: { ...call.params, clearingAccountId } };
    });
    try {
      return await run(routed);
    } finally {
      for (const id of chosen.values()) this.clearingInUse.delete(id);
    }
  }

  private freeClearingAccount(params: {
    vendorCode: string;
    currency: string;
    clearingAccountId: bigint;
  }): bigint {
    const shards = this.vendors.get(params.vendorCode)?.clearing.get(params.currency as LedgerCurrency);
    const start = shards?.indexOf(params.clearingAccountId) ?? -1;
    if (!shards || start === -1) return params.clearingAccountId;
    for (let i = 0; i < shards.length; i++) {
      const id = shards[(start + i) % shards.length] as bigint;
      if (!this.clearingInUse.has(id)) return id;
    }
    // More batches in flight than shards (a tiny HOUSE_SHARDS): two share one and may wait for each
    // other, or deadlock and be retried.
    return params.clearingAccountId;
  }

  /** The member cash account behind a vendor's player (cached: a session never changes it), or null. */
  private async cashAccountOf(vendorCode: string, playerId: string): Promise<bigint | null> {
    const key = `${vendorCode}:${playerId}`;
    const known = this.cashAccounts.get(key);
    if (known !== undefined) return known;
    const account = await this.repository.cashAccountOfPlayer(vendorCode, playerId);
    if (account !== null) this.rememberCashAccount(key, account);
    return account;
  }

  private rememberCashAccount(key: string, account: bigint): void {
    if (this.cashAccounts.size > 100_000) this.cashAccounts.clear();
    this.cashAccounts.set(key, account);
  }

  // --- the protocol -----------------------------------------------------------------------------

  /**
   * The key the raw body's hex HMAC-SHA256 was made with (compared in constant time): the vendor's
   * secret, or during a rotation's overlap the one before it; null when neither. An unknown vendor is
   * checked against a random key, so that its answer takes as long as a known vendor's with a wrong
   * signature.
   */
  private signingKey(
    vendor: WalletVendor | undefined,
    rawBody: Buffer,
    signature: string | undefined,
  ): KeyObject | null {
    const presented = Buffer.from(signature && /^[0-9a-fA-F]{64}$/.test(signature) ? signature : '', 'hex');
    const matches = (key: KeyObject) => {
      const expected = createHmac('sha256', key).update(rawBody).digest();
      return presented.length === expected.length && timingSafeEqual(presented, expected);
    };
    if (matches(vendor?.secret ?? this.decoyKey)) return vendor?.secret ?? null;
    const previous = vendor?.previous;
    if (previous && Date.now() < previous.until && matches(previous.key)) return previous.key;
    return null;
  }

  /**
   * Answers one call. An unknown vendor or a missing or wrong signature gets INVALID_SIGNATURE
   * (unsigned, and the same for both, so vendor codes cannot be probed); an unreadable body, an
   * unknown action or a bad field gets INVALID_REQUEST. Nothing moves for any of them.
   */
  async handle(input: {
    vendorCode: string;
    action: string;
    rawBody: Buffer;
    signature: string | undefined;
  }): Promise<WalletReply> {
    const vendor = /^[A-Za-z0-9_]{2,32}$/.test(input.vendorCode)
      ? await this.vendorOf(input.vendorCode.toUpperCase())
      : undefined;
    const key = this.signingKey(vendor, input.rawBody, input.signature);
    if (!vendor || !key) {
      return { body: walletAnswer('INVALID_SIGNATURE', null, null, null), signature: null };
    }
    const body = await this.answer(vendor, input.action, input.rawBody);
    // Answered with the key the call came with: a vendor still on the previous secret checks with it.
    return { body, signature: signVendorBody(key, body) };
  }

  private async answer(vendor: WalletVendor, action: string, rawBody: Buffer): Promise<string> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return walletAnswer('INVALID_REQUEST', null, null, null);
    }
    const invalid = () =>
      walletAnswer('INVALID_REQUEST', null, null, transactionIdOf(parsed), actionHasPlayerId(action));
    if (!(seamlessWalletActions as readonly string[]).includes(action)) return invalid();
    const known = action as SeamlessWalletAction;
    const result = seamlessWalletRequestSchemas[known].safeParse(parsed);
    if (!result.success) return invalid();
    const request = result.data as Record<string, unknown>;
    switch (known) {
      case 'authenticate':
        return this.authenticate(vendor, request.token as string);
      case 'balance':
        return this.balance(vendor, request.playerId as string);
      case 'bet':
        return this.bet(vendor, request as BetFields);
      case 'win':
        return this.win(vendor, request as WinFields);
      case 'rollback':
        return this.rollback(vendor, request as RollbackFields);
    }
  }

  private async authenticate(vendor: WalletVendor, token: string): Promise<string> {
    const refused = (status: SeamlessWalletStatus) =>
      walletAnswer(status, null, null, null, { playerId: null });
    const launch = await this.repository.consumeLaunchToken(vendor.code, hashLaunchToken(token));
    if (!launch) return refused('INVALID_TOKEN');
    if (launch.blocked) return refused('PLAYER_BLOCKED');
    const currency = launch.currency as LedgerCurrency;
    const memberId = launch.member_id.toString();
    // A free-play launch (games.service gives trial members play-money tokens only) plays with the
    // member's play money: every bet, win and rollback of the session then moves that account.
    const accountId = isPlayMoney(currency)
      ? await this.ledger.openPlayAccount(memberId)
      : (await this.ledger.openAccounts(memberId, currency)).cash;
    const player = await this.repository.startSession({
      vendorCode: vendor.code,
      newPlayerId: randomBytes(16).toString('base64url'),
      memberId: launch.member_id,
      currency,
      cashAccountId: accountId,
    });
    this.rememberCashAccount(`${vendor.code}:${player.player_id}`, accountId);
    return walletAnswer('OK', player.balance, player.currency, null, { playerId: player.player_id });
  }

  private async balance(vendor: WalletVendor, playerId: string): Promise<string> {
    const player = await this.repository.findPlayer(vendor.code, playerId);
    if (!player) return walletAnswer('PLAYER_NOT_FOUND', null, null, null);
    return walletAnswer('OK', player.balance, player.currency, null);
  }

  private bet(vendor: WalletVendor, r: BetFields): Promise<string> {
    const ledgerKey = vendorLedgerKey(vendor.code, r.transactionId);
    return this.run(vendor, r, {
      action: 'bet',
      params: {
        vendorCode: vendor.code,
        transactionId: r.transactionId,
        requestHash: requestHash(['bet', r.playerId, r.roundId, r.gameCode, r.amount, r.currency]),
        playerId: r.playerId,
        roundId: r.roundId,
        gameCode: r.gameCode,
        amount: BigInt(r.amount),
        currency: r.currency,
        catalogueVendors: vendor.catalogueVendors,
        clearingAccountId: this.clearingAccountFor(vendor, r.currency, ledgerKey),
        ledgerKey,
        sessionIdleSeconds: SESSION_IDLE_SECONDS,
        sessionMaxSeconds: SESSION_MAX_SECONDS,
      },
    });
  }

  private win(vendor: WalletVendor, r: WinFields): Promise<string> {
    const ledgerKey = vendorLedgerKey(vendor.code, r.transactionId);
    return this.run(vendor, r, {
      action: 'win',
      params: {
        vendorCode: vendor.code,
        transactionId: r.transactionId,
        requestHash: requestHash([
          'win',
          r.playerId,
          r.roundId,
          r.gameCode,
          r.amount,
          r.currency,
          r.roundEnded,
        ]),
        playerId: r.playerId,
        roundId: r.roundId,
        gameCode: r.gameCode,
        amount: BigInt(r.amount),
        currency: r.currency,
        roundEnded: r.roundEnded,
        clearingAccountId: this.clearingAccountFor(vendor, r.currency, ledgerKey),
        ledgerKey,
      },
    });
  }

  private rollback(vendor: WalletVendor, r: RollbackFields): Promise<string> {
    return this.run(vendor, r, {
      action: 'rollback',
      params: {
        vendorCode: vendor.code,
        transactionId: r.transactionId,
        requestHash: requestHash(['rollback', r.playerId, r.roundId, r.refTransactionId]),
        playerId: r.playerId,
        roundId: r.roundId,
        refTransactionId: r.refTransactionId,
        ledgerKey: vendorLedgerKey(vendor.code, r.transactionId),
      },
    });
  }

  /**
   * Runs a money call, together with the others arriving meanwhile (GroupCommit). Reruns a call
   * PostgreSQL aborted for a deadlock or serialisation failure (nothing was written). An amount that
   * would take a balance or a round past the largest bigint is INVALID_REQUEST.
   */
  private async run(
    vendor: WalletVendor,
    request: { transactionId: string; playerId: string },
    call: MoneyCall,
  ): Promise<string> {
    const { transactionId } = request;
    // Its member's cash account orders its row locks in a batch (an unknown player: none to take).
    const memberAccount = await this.cashAccountOf(vendor.code, request.playerId);
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await this.moneyCalls.submit({ call, memberAccount });
        // The money moved inside the database function, past the ledger service: tell the member's
        // open pages about the new balance ourselves, once, after the statement committed.
        if (memberAccount !== null && !answer.replayed && answer.response.includes('"status":"OK"'))
          this.ledger.announce([memberAccount]);
        return answer.response;
      } catch (error) {
        if ((error as { code?: string }).code === NUMERIC_OUT_OF_RANGE) {
          return walletAnswer('INVALID_REQUEST', null, null, transactionId);
        }
        if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
        this.options.log.warn({ err: error, attempt }, 'wallet call aborted by the database, retrying');
      }
    }
  }

  // --- launching --------------------------------------------------------------------------------

  /** A one-time token for the vendor's game page; only its hash is stored. */
  async createLaunchToken(vendorCode: string, request: GameLaunchRequest): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.repository.insertLaunchToken({
      tokenHash: hashLaunchToken(token),
      vendorCode,
      memberId: BigInt(request.member.id),
      nodeId: request.game.nodeId,
      currency: request.member.currency,
      ttlSeconds: LAUNCH_TOKEN_TTL_SECONDS,
    });
    return token;
  }
}

type BetFields = {
  transactionId: string;
  playerId: string;
  roundId: string;
  gameCode: string;
  amount: number;
  currency: LedgerCurrency;
};
type WinFields = BetFields & { roundEnded: boolean };
type RollbackFields = { transactionId: string; playerId: string; roundId: string; refTransactionId: string };

/** A money call waiting for its batch, with what orders its row locks there. */
type QueuedCall = { call: MoneyCall; memberAccount: bigint | null };

/** Calls without a member (unknown player) first, then by member cash account. */
function compareLockKeys(a: QueuedCall | undefined, b: QueuedCall | undefined): number {
  const x = a?.memberAccount ?? -1n;
  const y = b?.memberAccount ?? -1n;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** authenticate answers always carry playerId, even refused ones. */
function actionHasPlayerId(action: string): { playerId: null } | null {
  return action === 'authenticate' ? { playerId: null } : null;
}

/** The identity of a request: its action and every protocol field, canonical (parsed) values. */
function requestHash(fields: Array<string | number | boolean>): string {
  return hash('sha256', JSON.stringify(fields), 'hex');
}

/**
 * The game page's address: `${studioUrl}/play/{gameCode}?token=…&lang=…&returnUrl=…`.
 */
export function studioLaunchUrl(studioUrl: string, request: GameLaunchRequest, token: string): string {
  const query = new URLSearchParams({
    token,
    lang: request.language,
    returnUrl: request.returnUrl,
  });
  return `${studioUrl}/play/${encodeURIComponent(request.game.gameCode)}?${query.toString()}`;
}
