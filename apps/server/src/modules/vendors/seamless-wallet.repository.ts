import type { Database } from '../../db/client';

export type WalletVendorRow = {
  code: string;
  name: string;
  secret: string | null;
  catalogue_vendors: string[];
  /** The secret before the last rotation, still accepted until previous_secret_until. */
  previous_secret: string | null;
  previous_secret_until: Date | null;
};

export type LaunchTokenRow = { member_id: bigint; currency: string; blocked: boolean };

export type PlayerRow = {
  player_id: string;
  member_id: bigint;
  currency: string;
  balance: bigint;
  blocked: boolean;
};

export type AnswerRow = { response: string; replayed: boolean };

export type BetParams = {
  vendorCode: string;
  transactionId: string;
  requestHash: string;
  playerId: string;
  roundId: string;
  gameCode: string;
  amount: bigint;
  currency: string;
  catalogueVendors: string[];
  clearingAccountId: bigint;
  ledgerKey: string;
  sessionIdleSeconds: number;
  sessionMaxSeconds: number;
};

export type WinParams = Omit<BetParams, 'sessionIdleSeconds' | 'sessionMaxSeconds' | 'catalogueVendors'> & {
  roundEnded: boolean;
};

export type RollbackParams = {
  vendorCode: string;
  transactionId: string;
  requestHash: string;
  playerId: string;
  roundId: string;
  refTransactionId: string;
  ledgerKey: string;
};

/** One money call of the protocol, as the database functions take it. */
export type MoneyCall =
  | { action: 'bet'; params: BetParams }
  | { action: 'win'; params: WinParams }
  | { action: 'rollback'; params: RollbackParams };

/**
 * SQL of the seamless wallet. The money paths are one call each of the vendor_wallet_* functions,
 * as named (prepared) statements: parsed and planned once per connection, not on every call.
 */
export class SeamlessWalletRepository {
  /** The money calls go on `db.urgent`: on the embedded database they queue behind no one. */
  constructor(private readonly db: Database) {}

  listVendors(): Promise<WalletVendorRow[]> {
    return this.db.query<WalletVendorRow>(
      `select code, name, secret, catalogue_vendors, previous_secret, previous_secret_until
       from wallet_vendors where enabled order by code`,
    );
  }

  /** The house studio's row: its secret stays in the configuration (null here). */
  async upsertConfiguredVendor(code: string, name: string, catalogueVendors: string[]): Promise<void> {
    await this.db.query(
      `insert into wallet_vendors (code, name, secret, catalogue_vendors) values ($1, $2, null, $3)
       on conflict (code) do update
         set name = excluded.name, secret = null, catalogue_vendors = excluded.catalogue_vendors, enabled = true`,
      [code, name, catalogueVendors],
    );
  }

  async insertLaunchToken(t: {
    tokenHash: string;
    vendorCode: string;
    memberId: bigint;
    nodeId: number;
    currency: string;
    ttlSeconds: number;
  }): Promise<void> {
    // Expired tokens of the member go as new ones come: the table stays small without a job.
    await this.db.query('delete from vendor_launch_tokens where member_id = $1 and expires_at < now()', [
      t.memberId,
    ]);
    await this.db.query(
      `insert into vendor_launch_tokens (token_hash, vendor_code, member_id, node_id, currency, expires_at)
       values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
      [t.tokenHash, t.vendorCode, t.memberId, t.nodeId, t.currency, t.ttlSeconds],
    );
  }

  /** Uses the token up if it is the vendor's, unused and unexpired; answers its member. */
  async consumeLaunchToken(vendorCode: string, tokenHash: string): Promise<LaunchTokenRow | undefined> {
    const rows = await this.db.query<LaunchTokenRow>(
      `update vendor_launch_tokens t set used_at = now()
         from members m
        where t.token_hash = $1 and t.vendor_code = $2 and t.used_at is null and t.expires_at > now()
          and m.id = t.member_id
       returning t.member_id, t.currency, m.blocked`,
      [tokenHash, vendorCode],
    );
    return rows[0];
  }

  /** Starts (or restarts) the member's session at the vendor; the playerId stays the same. */
  async startSession(s: {
    vendorCode: string;
    newPlayerId: string;
    memberId: bigint;
    currency: string;
    cashAccountId: bigint;
  }): Promise<PlayerRow> {
    const rows = await this.db.query<PlayerRow>(
      `with s as (
         insert into vendor_sessions (vendor_code, player_id, member_id, currency, cash_account_id)
         values ($1, $2, $3, $4, $5)
         on conflict (vendor_code, member_id) do update
           set started_at = now(), last_used_at = now(), currency = excluded.currency,
               cash_account_id = excluded.cash_account_id
         returning player_id, member_id, currency, cash_account_id)
       select s.player_id, s.member_id, s.currency, ledger_account_balance(s.cash_account_id) as balance,
              false as blocked
         from s`,
      [s.vendorCode, s.newPlayerId, s.memberId, s.currency, s.cashAccountId],
    );
    return rows[0] as PlayerRow;
  }

  async cashAccountOfPlayer(vendorCode: string, playerId: string): Promise<bigint | null> {
    const [row] = await this.db.query<{ cash_account_id: bigint }>(
      'select cash_account_id from vendor_sessions where vendor_code = $1 and player_id = $2',
      [vendorCode, playerId],
    );
    return row?.cash_account_id ?? null;
  }

  async findPlayer(vendorCode: string, playerId: string): Promise<PlayerRow | undefined> {
    const rows = await this.db.query<PlayerRow>(
      `select s.player_id, s.member_id, s.currency, ledger_account_balance(s.cash_account_id) as balance,
              m.blocked
         from vendor_sessions s
         join members m on m.id = s.member_id
        where s.vendor_code = $1 and s.player_id = $2`,
      [vendorCode, playerId],
    );
    return rows[0];
  }

  async bet(p: BetParams): Promise<AnswerRow> {
    const rows = await this.db.urgent.query<AnswerRow>(
      'select * from vendor_wallet_bet($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)',
      [
        p.vendorCode,
        p.transactionId,
        p.requestHash,
        p.playerId,
        p.roundId,
        p.gameCode,
        p.amount,
        p.currency,
        p.catalogueVendors,
        p.clearingAccountId,
        p.ledgerKey,
        p.sessionIdleSeconds,
        p.sessionMaxSeconds,
      ],
      'vendor_wallet_bet',
    );
    return rows[0] as AnswerRow;
  }

  async win(p: WinParams): Promise<AnswerRow> {
    const rows = await this.db.urgent.query<AnswerRow>(
      'select * from vendor_wallet_win($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)',
      [
        p.vendorCode,
        p.transactionId,
        p.requestHash,
        p.playerId,
        p.roundId,
        p.gameCode,
        p.amount,
        p.currency,
        p.roundEnded,
        p.clearingAccountId,
        p.ledgerKey,
      ],
      'vendor_wallet_win',
    );
    return rows[0] as AnswerRow;
  }

  async rollback(p: RollbackParams): Promise<AnswerRow> {
    const rows = await this.db.urgent.query<AnswerRow>(
      'select * from vendor_wallet_rollback($1, $2, $3, $4, $5, $6, $7)',
      [p.vendorCode, p.transactionId, p.requestHash, p.playerId, p.roundId, p.refTransactionId, p.ledgerKey],
      'vendor_wallet_rollback',
    );
    return rows[0] as AnswerRow;
  }

  /** One money call on its own: its own statement and transaction. */
  one(call: MoneyCall): Promise<AnswerRow> {
    switch (call.action) {
      case 'bet':
        return this.bet(call.params);
      case 'win':
        return this.win(call.params);
      case 'rollback':
        return this.rollback(call.params);
    }
  }

  /**
   * Several money calls in one statement and one transaction (vendor_wallet_batch, 0017), each run in
   * order by the same function as `one` runs it; the answers in the calls' order. Throws, with nothing
   * written, if any call raised an error.
   */
  async batch(calls: readonly MoneyCall[]): Promise<AnswerRow[]> {
    const rows = await this.db.urgent.query<AnswerRow & { call_position: number }>(
      'select call_position, response, replayed from vendor_wallet_batch($1::jsonb)',
      [JSON.stringify(calls.map(batchEntry))],
      'vendor_wallet_batch',
    );
    if (rows.length !== calls.length || rows.some((row, i) => row.call_position !== i + 1)) {
      throw new Error(`vendor_wallet_batch answered ${rows.length} rows for ${calls.length} calls`);
    }
    return rows.map(({ response, replayed }) => ({ response, replayed }));
  }
}

/** A call as vendor_wallet_batch reads it (bigints as decimal strings, the catalogue as a text[] literal). */
function batchEntry(call: MoneyCall): Record<string, string | boolean> {
  const p = call.params;
  const common = {
    action: call.action,
    vendor: p.vendorCode,
    transactionId: p.transactionId,
    requestHash: p.requestHash,
    playerId: p.playerId,
    roundId: p.roundId,
    ledgerKey: p.ledgerKey,
  };
  switch (call.action) {
    case 'bet':
      return {
        ...common,
        gameCode: call.params.gameCode,
        amount: call.params.amount.toString(),
        currency: call.params.currency,
        catalogue: textArrayLiteral(call.params.catalogueVendors),
        clearing: call.params.clearingAccountId.toString(),
        idleSeconds: String(call.params.sessionIdleSeconds),
        maxSeconds: String(call.params.sessionMaxSeconds),
      };
    case 'win':
      return {
        ...common,
        gameCode: call.params.gameCode,
        amount: call.params.amount.toString(),
        currency: call.params.currency,
        roundEnded: call.params.roundEnded,
        clearing: call.params.clearingAccountId.toString(),
      };
    case 'rollback':
      return { ...common, refTransactionId: call.params.refTransactionId };
  }
}

/** `{"a","b"}`: PostgreSQL's text[] input form, every element quoted, exact for any string. */
function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
