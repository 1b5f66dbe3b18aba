import type { AdjustmentSortKey, ListSort } from '@sorte/shared';
import type { Database } from '../../db/client';
import { orderByOf, type SortColumns } from '../../lib/order-by';

export type AdjustmentRow = {
  id: string;
  memberId: string;
  username: string;
  merchantCode: string;
  currency: string;
  account: 'cash' | 'bonus';
  direction: 'credit' | 'debit';
  amount: string;
  reason: string;
  requestId: string;
  requestedBy: string;
  requestedAt: Date;
  status: 'pending' | 'approved' | 'applied' | 'rejected' | 'failed';
  needsSecondOperator: boolean;
  decidedBy: string | null;
  decidedAt: Date | null;
  decisionReason: string | null;
  transferId: string | null;
};

const COLUMNS = `a.id::text as id, a.member_id::text as "memberId",
  (select m.username from members m where m.id = a.member_id) as username,
  a.merchant_code as "merchantCode", a.currency, a.account_kind as account, a.direction,
  a.amount::text as amount, a.reason, a.request_id as "requestId", a.requested_by as "requestedBy",
  a.requested_at as "requestedAt", a.status, a.needs_second_operator as "needsSecondOperator",
  a.decided_by as "decidedBy", a.decided_at as "decidedAt", a.decision_reason as "decisionReason",
  a.transfer_id::text as "transferId"`;

const SORT_COLUMNS: SortColumns<AdjustmentSortKey> = { requestedAt: 'a.requested_at', amount: 'a.amount' };

/** SQL of operators' manual adjustments. The money itself moves through the ledger's service. */
export class AdjustmentsRepository {
  constructor(private readonly db: Database) {}

  /** The amount (minor units) from which a second operator must approve, for a merchant. */
  async fourEyesThreshold(merchantCode: string): Promise<bigint> {
    const [row] = await this.db.query<{ minor: bigint }>(
      'select adjustment_four_eyes_minor as minor from payment_merchant_settings where merchant_code = $1',
      [merchantCode],
    );
    // No settings row: every adjustment needs a second operator.
    return row ? BigInt(row.minor) : 0n;
  }

  /** The new adjustment, or the one this operator already made with the same request id. */
  async insert(a: {
    memberId: string;
    merchantCode: string;
    currency: string;
    account: 'cash' | 'bonus';
    direction: 'credit' | 'debit';
    amount: number;
    reason: string;
    requestId: string;
    requestedBy: string;
    needsSecondOperator: boolean;
  }): Promise<{ row: AdjustmentRow; created: boolean }> {
    const [inserted] = await this.db.query<{ id: string }>(
      `insert into operator_adjustments (member_id, merchant_code, currency, account_kind, direction, amount,
         reason, request_id, requested_by, status, needs_second_operator, decided_by, decided_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9,
         case when $10 then 'pending' else 'approved' end, $10,
         case when $10 then null else $9 end, case when $10 then null else now() end)
       on conflict (requested_by, request_id) do nothing
       returning id::text as id`,
      [
        a.memberId,
        a.merchantCode,
        a.currency,
        a.account,
        a.direction,
        a.amount,
        a.reason,
        a.requestId,
        a.requestedBy,
        a.needsSecondOperator,
      ],
    );
    if (inserted) return { row: (await this.byId(inserted.id)) as AdjustmentRow, created: true };
    const [existing] = await this.db.query<AdjustmentRow>(
      `select ${COLUMNS} from operator_adjustments a where requested_by = $1 and request_id = $2`,
      [a.requestedBy, a.requestId],
    );
    return { row: existing as AdjustmentRow, created: false };
  }

  async byId(id: string): Promise<AdjustmentRow | undefined> {
    const [row] = await this.db.query<AdjustmentRow>(
      `select ${COLUMNS} from operator_adjustments a where a.id = $1`,
      [id],
    );
    return row;
  }

  /** Waiting ones first (oldest first), then the rest newest first; or in the operator's chosen order. */
  async page(
    filter: { status?: string; merchantCode: string | null; sort?: ListSort<AdjustmentSortKey> | undefined },
    offset: number,
    limit: number,
  ) {
    const where = `($1::text is null or a.status = $1) and ($2::text is null or a.merchant_code = $2)`;
    const params = [filter.status ?? null, filter.merchantCode];
    const order = filter.sort
      ? orderByOf(SORT_COLUMNS, filter.sort, 'a.id')
      : `(a.status = 'pending') desc, case when a.status = 'pending' then a.id end asc, a.id desc`;
    const rows = await this.db.query<AdjustmentRow>(
      `select ${COLUMNS} from operator_adjustments a where ${where} order by ${order} offset $3 limit $4`,
      [...params, offset, limit],
    );
    const [count] = await this.db.query<{ n: number }>(
      `select count(*)::int as n from operator_adjustments a where ${where}`,
      params,
    );
    return { rows, total: count?.n ?? 0 };
  }

  /** pending → approved or rejected by this operator; false when it was no longer pending. */
  async decide(
    id: string,
    status: 'approved' | 'rejected',
    by: string,
    reason: string | null,
  ): Promise<boolean> {
    const rows = await this.db.query(
      `update operator_adjustments set status = $2, decided_by = $3, decided_at = now(), decision_reason = $4
        where id = $1 and status = 'pending' returning id`,
      [id, status, by, reason],
    );
    return rows.length === 1;
  }

  async markApplied(id: string, transferId: bigint): Promise<void> {
    await this.db.query(
      `update operator_adjustments set status = 'applied', transfer_id = $2 where id = $1 and status = 'approved'`,
      [id, transferId],
    );
  }

  async markFailed(id: string, reason: string): Promise<void> {
    await this.db.query(
      `update operator_adjustments set status = 'failed', decision_reason = $2 where id = $1 and status = 'approved'`,
      [id, reason],
    );
  }
}
