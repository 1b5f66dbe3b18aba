import type { GameType, MovementType } from '@sorte/shared';
import type { Connection } from '../../db/client';
import { movementTypeSql } from './movement-types';

export type MemberKindBalance = { owner_id: string; currency: string; kind: string; balance: bigint };

export type TransferParty = {
  id: bigint;
  merchant_code: string;
  username: string;
  type: number;
  upline_id: bigint | null;
  blocked: boolean;
  payment_password_hash: string | null;
};

export type TransferVendorRow = { vassalage: string; name: string };

export type MovementRow = {
  id: bigint;
  amount: bigint;
  balance_after: bigint;
  created_at: Date;
  type: MovementType;
  reference: string;
};

export type MovementFilter = { accountId: bigint; from: Date; to: Date; type: MovementType | null };

export type ProfitRow = { day: string; game_type: GameType; stake: bigint; payout: bigint; rounds: number };

const movementType = movementTypeSql('t.kind', 'o.kind');
const movementWhere = `e.account_id = $1 and e.created_at >= $2 and e.created_at < $3
                       and ($4::text is null or ${movementType} = $4)`;
const movementParams = (f: MovementFilter) => [f.accountId, f.from, f.to, f.type];

/** SQL of the records. Every member read is bound to an account or member id the service resolved. */
export class RecordsRepository {
  constructor(private readonly db: Connection) {}

  /** Balances of accounts by code (a member's cash, bonus, locked). */
  balancesByCodes(codes: string[]): Promise<Array<{ code: string; kind: string; balance: bigint }>> {
    return this.db.query('select code, kind, balance from ledger_accounts where code = any($1::text[])', [
      codes,
    ]);
  }

  /**
   * Cash and bonus of every member owning one of these accounts, when the account is a member's
   * cash or bonus account (house, vendor and provider accounts, and other kinds, select nothing).
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
                               and m.currency = c.currency and m.kind in ('cash', 'bonus')
        where c.owner_type = 'member' and c.kind in ('cash', 'bonus')`,
      [accountIds],
      // Named: planned once per connection, not on each of the many batches under load.
      'records_member_balances_of_accounts',
    );
  }

  async isSingleWallet(merchantCode: string): Promise<boolean> {
    const [row] = await this.db.query<{ single_wallet: boolean }>(
      'select single_wallet from merchant_settings where merchant_code = $1',
      [merchantCode],
    );
    return row?.single_wallet ?? true;
  }

  /**
   * Vendors with a transfer wallet at a merchant: enabled vendors the merchant offers, except those
   * a seamless wallet vendor runs (their games use the main wallet directly).
   */
  transferVendors(merchantCode: string): Promise<TransferVendorRow[]> {
    return this.db.query<TransferVendorRow>(
      `select v.vassalage, v.name
         from game_vendors v
        where v.enabled
          and exists (select 1 from merchant_vendor_sorting s
                       where s.merchant_code = $1 and s.vassalage = v.vassalage)
          and not exists (select 1 from wallet_vendors w
                           where w.enabled and v.vassalage = any(w.catalogue_vendors))
        order by v.sort, v.vassalage`,
      [merchantCode],
    );
  }

  async findParty(memberId: bigint): Promise<TransferParty | undefined> {
    const [row] = await this.db.query<TransferParty>(
      `select id, merchant_code, username, type, upline_id, blocked, payment_password_hash
         from members where id = $1`,
      [memberId],
    );
    return row;
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

  /** The member's game rounds summed by calendar day (in the time zone) and game type. */
  profitByDay(f: {
    memberId: bigint;
    from: Date;
    to: Date;
    gameType: GameType | null;
    timeZone: string;
  }): Promise<ProfitRow[]> {
    return this.db.query<ProfitRow>(
      `select to_char(r.opened_at at time zone $5, 'YYYY-MM-DD') as day, r.game_type,
              sum(r.stake)::bigint as stake, sum(r.payout)::bigint as payout, count(*)::int as rounds
         from vendor_rounds r
        where r.member_id = $1 and r.opened_at >= $2 and r.opened_at < $3
          and ($4::text is null or r.game_type = $4) and r.status <> 'cancelled'
        group by 1, 2
        order by 1 desc, 2`,
      [f.memberId, f.from, f.to, f.gameType, f.timeZone],
    );
  }
}
