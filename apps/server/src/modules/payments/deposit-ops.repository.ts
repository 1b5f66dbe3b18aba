import type { DepositSortKey, DepositStatus, ListSort } from '@sorte/shared';
import type { Connection } from '../../db/client';
import { orderByOf, type SortColumns } from '../../lib/order-by';
import type { DepositOrderRow } from './payments.repository';

/** An order as the deposits screen lists it: the member's username and its manual credits' state. */
export type OperatorDepositRow = DepositOrderRow & {
  username: string;
  manual_credit_pending: boolean;
  credited_manually: boolean;
};

export type ProviderEventRow = {
  id: bigint;
  event_id: string | null;
  event_type: string | null;
  outcome: string;
  received_at: Date;
};

export type ManualCreditRow = {
  id: bigint;
  order_id: bigint;
  reason: string;
  request_id: string;
  requested_by: string;
  requested_at: Date;
  status: 'pending' | 'applied' | 'rejected' | 'cancelled';
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
  transfer_id: bigint | null;
};

/** What payments_manual_credit_deposit answers (0049). */
export type ManualCreditOutcomeRow = {
  outcome: 'not_found' | 'applied' | 'not_pending' | 'own_request' | 'already_paid' | 'credited';
  changed: boolean;
  member_id: bigint | null;
  order_no: string | null;
  amount: bigint | null;
  currency: string | null;
  cash_account_id: bigint | null;
  cash_balance: bigint | null;
};

export type DepositFilter = {
  /** The merchant the operator is limited to (null: every merchant). */
  scope: string | null;
  merchantCode?: string;
  status?: DepositStatus;
  channel?: string;
  username?: string;
  /** Creation time, from inclusive, to exclusive. */
  from?: string;
  to?: string;
  manualCreditPending?: boolean;
  /** Without it: newest first (by id). */
  sort?: ListSort<DepositSortKey>;
};

const SORT_COLUMNS: SortColumns<DepositSortKey> = { createdAt: 'o.created_at', amount: 'o.amount' };

const MERCHANTS = ['BR', 'MX', 'BD'];

const COLUMNS = `o.*, m.username,
  exists (select 1 from deposit_manual_credits c where c.order_id = o.id and c.status = 'pending')
    as manual_credit_pending,
  exists (select 1 from deposit_manual_credits c where c.order_id = o.id and c.status = 'applied')
    as credited_manually`;

/** SQL of the operator's deposits screen and of manual credits. The money moves in 0049's function. */
export class DepositOpsRepository {
  constructor(private readonly db: Connection) {}

  async page(filter: DepositFilter, offset: number, limit: number) {
    // The username is unique per merchant (members' (merchant_code, username_key) index): naming the
    // merchants lets that index answer it.
    const merchants = filter.scope ? [filter.scope] : filter.merchantCode ? [filter.merchantCode] : MERCHANTS;
    const where = `($1::text is null or o.merchant_code = $1) and ($2::text is null or o.merchant_code = $2)
      and ($3::text is null or o.status = $3) and ($4::text is null or o.channel = $4)
      and ($5::text is null or o.member_id in (
            select u.id from members u where u.merchant_code = any($9::text[]) and u.username_key = lower($5)))
      and ($6::timestamptz is null or o.created_at >= $6) and ($7::timestamptz is null or o.created_at < $7)
      and (not $8::boolean or o.id in (select c.order_id from deposit_manual_credits c where c.status = 'pending'))`;
    const params = [
      filter.scope,
      filter.merchantCode ?? null,
      filter.status ?? null,
      filter.channel ?? null,
      filter.username ?? null,
      filter.from ?? null,
      filter.to ?? null,
      filter.manualCreditPending === true,
      merchants,
    ];
    const order = filter.sort ? orderByOf(SORT_COLUMNS, filter.sort, 'o.id') : 'o.id desc';
    const rows = await this.db.query<OperatorDepositRow>(
      `select ${COLUMNS} from deposit_orders o join members m on m.id = o.member_id
        where ${where} order by ${order} offset $10 limit $11`,
      [...params, offset, limit],
    );
    const [count] = await this.db.query<{ n: bigint }>(
      `select count(*) as n from deposit_orders o where ${where}`,
      params,
    );
    return { rows, total: Number(count?.n ?? 0) };
  }

  async byOrderNo(orderNo: string): Promise<OperatorDepositRow | undefined> {
    const [row] = await this.db.query<OperatorDepositRow>(
      `select ${COLUMNS} from deposit_orders o join members m on m.id = o.member_id where o.order_no = $1`,
      [orderNo],
    );
    return row;
  }

  /** The provider's verified webhook calls about the order, oldest first. */
  events(orderNo: string, provider: string): Promise<ProviderEventRow[]> {
    return this.db.query<ProviderEventRow>(
      `select id, event_id, event_type, outcome, received_at from payment_webhook_events
        where order_no = $1 and provider = $2 order by id`,
      [orderNo, provider],
    );
  }

  manualCredits(orderId: bigint): Promise<ManualCreditRow[]> {
    return this.db.query<ManualCreditRow>(
      'select * from deposit_manual_credits where order_id = $1 order by id',
      [orderId],
    );
  }

  async manualCredit(id: bigint): Promise<ManualCreditRow | undefined> {
    const [row] = await this.db.query<ManualCreditRow>('select * from deposit_manual_credits where id = $1', [
      id,
    ]);
    return row;
  }

  /**
   * A new request for an order that is not paid, unless one waits already (one pending per order) or
   * this operator already made it with this request id: then nothing is written (null).
   */
  async insertManualCredit(p: {
    orderId: bigint;
    reason: string;
    requestId: string;
    requestedBy: string;
  }): Promise<ManualCreditRow | null> {
    const [row] = await this.db.query<ManualCreditRow>(
      `insert into deposit_manual_credits (order_id, reason, request_id, requested_by)
       select o.id, $2, $3, $4 from deposit_orders o where o.id = $1 and o.status <> 'paid'
       on conflict do nothing returning *`,
      [p.orderId, p.reason, p.requestId, p.requestedBy],
    );
    return row ?? null;
  }

  async manualCreditByRequest(requestedBy: string, requestId: string): Promise<ManualCreditRow | undefined> {
    const [row] = await this.db.query<ManualCreditRow>(
      'select * from deposit_manual_credits where requested_by = $1 and request_id = $2',
      [requestedBy, requestId],
    );
    return row;
  }

  applyManualCredit(
    id: bigint,
    operator: string,
    clearingAccountId: bigint,
  ): Promise<ManualCreditOutcomeRow[]> {
    return this.db.query<ManualCreditOutcomeRow>('select * from payments_manual_credit_deposit($1, $2, $3)', [
      id,
      operator,
      clearingAccountId,
    ]);
  }

  /** pending → rejected by this operator; false when it was no longer pending. */
  async rejectManualCredit(id: bigint, operator: string, reason: string): Promise<boolean> {
    const rows = await this.db.query(
      `update deposit_manual_credits set status = 'rejected', decided_by = $2, decided_at = now(),
              decision_reason = $3
        where id = $1 and status = 'pending' returning id`,
      [id, operator, reason],
    );
    return rows.length === 1;
  }
}
