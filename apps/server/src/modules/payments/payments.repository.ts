import type { DepositPayload, ListSort, WithdrawalSortKey } from '@sorte/shared';
import type { Connection } from '../../db/client';
import { orderByOf, type SortColumns } from '../../lib/order-by';

const WITHDRAWAL_SORT_COLUMNS: SortColumns<WithdrawalSortKey> = {
  createdAt: 'w.created_at',
  amount: 'w.amount',
};

export type ChannelRow = {
  merchant_code: string;
  code: 'PIX' | 'SPEI' | 'BKASH' | 'NAGAD';
  provider: string;
  sort: number;
  deposit_enabled: boolean;
  deposit_min: bigint;
  deposit_max: bigint;
  withdraw_enabled: boolean;
  withdraw_min: bigint;
  withdraw_max: bigint;
};

export type MerchantPaymentSettingsRow = {
  merchant_code: string;
  pix_key: string | null;
  pix_merchant_name: string | null;
  pix_merchant_city: string | null;
  spei_clabe: string | null;
  spei_beneficiary: string | null;
  bkash_number: string | null;
  nagad_number: string | null;
  deposit_expiry_minutes: number;
  withdrawal_auto_receipt_minutes: number;
};

export type DepositOrderRow = {
  id: bigint;
  order_no: string;
  member_id: bigint;
  merchant_code: string;
  channel: ChannelRow['code'];
  provider: string;
  amount: bigint;
  currency: string;
  status: 'pending' | 'paid' | 'failed' | 'expired';
  provider_reference: string;
  reference: string;
  payload: DepositPayload;
  expires_at: Date;
  credited_transfer_id: bigint | null;
  cash_account_id: bigint | null;
  created_at: Date;
  settled_at: Date | null;
};

/** A decision's outcome; when it moved money, the member's cash and locked accounts it moved. */
export type DecisionRow = {
  outcome: string;
  changed: boolean;
  id: bigint | null;
  cash_account_id: bigint | null;
  locked_account_id: bigint | null;
};

export type SettleRow = {
  outcome: string;
  first_outcome: string;
  member_id: bigint | null;
  order_no: string | null;
  amount: bigint | null;
  currency: string | null;
  status: string | null;
  transfer_id: bigint | null;
  cash_balance: bigint | null;
  /** The account a credit moved (only when the outcome is 'credited'). */
  cash_account_id: bigint | null;
};

export type PayeeRow = {
  id: bigint;
  member_id: bigint;
  channel: ChannelRow['code'];
  type: 'CPF' | 'EMAIL' | 'PHONE' | 'EVP' | 'CLABE' | 'WALLET';
  account_value: string;
  holder_name: string;
  status: 'bound' | 'confirmed' | 'unbound';
  created_at: Date;
  confirmed_at: Date | null;
};

export type WithdrawalRow = {
  id: bigint;
  withdrawal_no: string;
  member_id: bigint;
  merchant_code: string;
  request_id: string;
  payee_account_id: bigint;
  channel: ChannelRow['code'];
  account_type: PayeeRow['type'];
  account_value: string;
  holder_name: string;
  amount: bigint;
  currency: string;
  status: 'locked' | 'approved' | 'paid' | 'rejected';
  provider: string;
  provider_reference: string | null;
  lock_transfer_id: bigint | null;
  settle_transfer_id: bigint | null;
  operator: string | null;
  reason: string | null;
  confirmation: 'received' | 'partial' | 'not_received' | 'all_received' | 'auto_received' | null;
  received_amount: bigint | null;
  remainder_amount: bigint | null;
  confirm_deadline: Date | null;
  confirmed_at: Date | null;
  created_at: Date;
  decided_at: Date | null;
  paid_at: Date | null;
  proof_count: bigint;
  username: string | null;
  payout_failed_at: Date | null;
  payout_error: string | null;
  /** How an operator settled the member's dispute (0049); null while open or never disputed. */
  dispute_resolution: 'rejected' | 'resent' | 'returned' | null;
  dispute_amount: bigint | null;
  dispute_operator: string | null;
  dispute_reason: string | null;
  dispute_resolved_at: Date | null;
  dispute_payout_reference: string | null;
  dispute_payout_error: string | null;
  dispute_payout_failed_at: Date | null;
  dispute_paid_at: Date | null;
};

/** What payments_resolve_dispute answers (0049). */
export type DisputeResolutionRow = {
  outcome: string;
  changed: boolean;
  id: bigint | null;
  amount: bigint | null;
  moved_account_id: bigint | null;
};

export type ProofRow = {
  id: bigint;
  withdrawal_id: bigint;
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  created_at: Date;
};

export type NewProof = { fileName: string; contentType: string; sizeBytes: number; sha256: string };

const withdrawalColumns = `w.*, (select count(*) from withdrawal_proofs p where p.withdrawal_id = w.id) as proof_count,
  (select m.username from members m where m.id = w.member_id) as username`;

/** SQL of payments. The money-moving steps are the functions of 0012_payments.sql, one call each. */
export class PaymentsRepository {
  constructor(private readonly db: Connection) {}

  // --- settings and channels ----------------------------------------------------------------------

  channels(merchantCode: string): Promise<ChannelRow[]> {
    return this.db.query<ChannelRow>(
      'select * from payment_channels where merchant_code = $1 order by sort, code',
      [merchantCode],
    );
  }

  async channel(merchantCode: string, code: string): Promise<ChannelRow | undefined> {
    const [row] = await this.db.query<ChannelRow>(
      'select * from payment_channels where merchant_code = $1 and code = $2',
      [merchantCode, code],
    );
    return row;
  }

  async updateChannel(
    merchantCode: string,
    code: string,
    patch: Partial<Record<'deposit_enabled' | 'withdraw_enabled', boolean>> &
      Partial<Record<'deposit_min' | 'deposit_max' | 'withdraw_min' | 'withdraw_max', bigint>>,
  ): Promise<ChannelRow | undefined> {
    const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
    const sets = entries.map(([k], i) => `${k} = $${i + 3}`);
    const [row] = await this.db.query<ChannelRow>(
      `update payment_channels set ${sets.join(', ')} where merchant_code = $1 and code = $2 returning *`,
      [merchantCode, code, ...entries.map(([, v]) => v)],
    );
    return row;
  }

  async merchantSettings(merchantCode: string): Promise<MerchantPaymentSettingsRow | undefined> {
    const [row] = await this.db.query<MerchantPaymentSettingsRow>(
      'select * from payment_merchant_settings where merchant_code = $1',
      [merchantCode],
    );
    return row;
  }

  // --- payment password ---------------------------------------------------------------------------

  async paymentPasswordHash(memberId: bigint): Promise<string | null> {
    const [row] = await this.db.query<{ payment_password_hash: string | null }>(
      'select payment_password_hash from members where id = $1',
      [memberId],
    );
    return row?.payment_password_hash ?? null;
  }

  /** Sets the payment password only if there is none yet (two first binds racing: the first wins). */
  async setPaymentPasswordIfUnset(memberId: bigint, hash: string): Promise<boolean> {
    const rows = await this.db.query(
      'update members set payment_password_hash = $2 where id = $1 and payment_password_hash is null returning id',
      [memberId, hash],
    );
    return rows.length === 1;
  }

  // --- deposits -----------------------------------------------------------------------------------

  async insertDepositOrder(o: {
    orderNo: string;
    memberId: bigint;
    merchantCode: string;
    channel: string;
    provider: string;
    amount: bigint;
    currency: string;
    providerReference: string;
    reference: string;
    payload: DepositPayload;
    expiresAt: Date;
    /** The member's cash account, from the ledger: the settlement credits it. */
    cashAccountId: bigint;
  }): Promise<DepositOrderRow> {
    const [row] = await this.db.query<DepositOrderRow>(
      `insert into deposit_orders (order_no, member_id, merchant_code, channel, provider, amount, currency,
                                   provider_reference, reference, payload, expires_at, cash_account_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning *`,
      [
        o.orderNo,
        o.memberId,
        o.merchantCode,
        o.channel,
        o.provider,
        o.amount,
        o.currency,
        o.providerReference,
        o.reference,
        JSON.stringify(o.payload),
        o.expiresAt,
        o.cashAccountId,
      ],
    );
    return row as DepositOrderRow;
  }

  /** The member's own order, or nothing (another member's order reads as unknown). */
  async memberDepositOrder(memberId: bigint, orderNo: string): Promise<DepositOrderRow | undefined> {
    const [row] = await this.db.query<DepositOrderRow>(
      'select * from deposit_orders where order_no = $1 and member_id = $2',
      [orderNo, memberId],
    );
    return row;
  }

  async depositOrder(orderNo: string): Promise<DepositOrderRow | undefined> {
    const [row] = await this.db.query<DepositOrderRow>('select * from deposit_orders where order_no = $1', [
      orderNo,
    ]);
    return row;
  }

  async memberDepositPage(memberId: bigint, offset: number, limit: number) {
    const rows = await this.db.query<DepositOrderRow>(
      'select * from deposit_orders where member_id = $1 order by id desc offset $2 limit $3',
      [memberId, offset, limit],
    );
    const [count] = await this.db.query<{ n: bigint }>(
      'select count(*) as n from deposit_orders where member_id = $1',
      [memberId],
    );
    return { rows, total: Number(count?.n ?? 0) };
  }

  settleDeposit(p: {
    provider: string;
    eventId: string;
    bodySha256: string;
    eventType: string;
    orderNo: string;
    providerReference: string;
    amount: bigint;
    currency: string;
    clearingAccountId: bigint;
  }): Promise<SettleRow[]> {
    return this.db.query<SettleRow>(
      'select * from payments_settle_deposit($1, $2, $3, $4, $5, $6, $7, $8, $9)',
      [
        p.provider,
        p.eventId,
        p.bodySha256,
        p.eventType,
        p.orderNo,
        p.providerReference,
        p.amount,
        p.currency,
        p.clearingAccountId,
      ],
    );
  }

  /**
   * The provider's webhook credited the order: a manual credit still waiting for its second operator
   * (0049) has nothing left to do. Its approval would find the order paid anyway; this only tidies it.
   */
  async cancelPendingManualCredits(orderNo: string): Promise<void> {
    await this.db.query(
      `update deposit_manual_credits set status = 'cancelled', decided_at = now(),
              decision_reason = 'credited by the provider'
        where status = 'pending' and order_id = (select id from deposit_orders where order_no = $1)`,
      [orderNo],
    );
  }

  async recordRejectedWebhook(provider: string, bodySha256: string, outcome: string): Promise<void> {
    await this.db.query(
      `insert into payment_webhook_events (provider, event_id, signature_valid, body_sha256, outcome)
       values ($1, null, false, $2, $3)`,
      [provider, bodySha256, outcome],
    );
  }

  /** Pending orders past their time become expired; each row is returned to exactly one caller. */
  expireOverdueDeposits(limit = 500): Promise<DepositOrderRow[]> {
    return this.db.query<DepositOrderRow>(
      `update deposit_orders set status = 'expired', settled_at = now()
        where id in (select id from deposit_orders where status = 'pending' and expires_at <= now()
                      order by expires_at limit $1 for update skip locked)
          and status = 'pending'
        returning *`,
      [limit],
    );
  }

  // --- payee accounts ------------------------------------------------------------------------------

  payees(memberId: bigint): Promise<PayeeRow[]> {
    return this.db.query<PayeeRow>(
      `select * from payee_accounts where member_id = $1 and status <> 'unbound' order by id`,
      [memberId],
    );
  }

  async payee(memberId: bigint, id: bigint): Promise<PayeeRow | undefined> {
    const [row] = await this.db.query<PayeeRow>(
      `select * from payee_accounts where id = $1 and member_id = $2 and status <> 'unbound'`,
      [id, memberId],
    );
    return row;
  }

  /** Inserts unless the member already has it (null) or has `limit` accounts (undefined count check first). */
  async insertPayee(p: {
    memberId: bigint;
    channel: string;
    type: string;
    value: string;
    holderName: string;
    limit: number;
  }): Promise<PayeeRow | 'duplicate' | 'limit'> {
    const rows = await this.db.query<PayeeRow & { over: boolean }>(
      `with current as (
         select count(*) as n from payee_accounts where member_id = $1 and status <> 'unbound')
       insert into payee_accounts (member_id, channel, type, account_value, holder_name)
       select $1, $2, $3, $4, $5 from current where current.n < $6
       on conflict (member_id, channel, account_value) where status <> 'unbound' do nothing
       returning *`,
      [p.memberId, p.channel, p.type, p.value, p.holderName, p.limit],
    );
    if (rows[0]) return rows[0];
    const [count] = await this.db.query<{ n: bigint }>(
      `select count(*) as n from payee_accounts where member_id = $1 and status <> 'unbound'`,
      [p.memberId],
    );
    return Number(count?.n ?? 0) >= p.limit ? 'limit' : 'duplicate';
  }

  async changePayee(p: {
    id: bigint;
    memberId: bigint;
    action: 'update' | 'unbind';
    type?: string;
    value?: string;
    holderName?: string;
  }): Promise<'ok' | 'not_found' | 'confirmed' | 'in_use' | 'duplicate'> {
    const [row] = await this.db.query<{ outcome: 'ok' | 'not_found' | 'confirmed' | 'in_use' | 'duplicate' }>(
      'select payments_change_payee($1, $2, $3, $4, $5, $6) as outcome',
      [p.id, p.memberId, p.action, p.type ?? null, p.value ?? null, p.holderName ?? null],
    );
    return row?.outcome ?? 'not_found';
  }

  async confirmPayee(id: bigint): Promise<void> {
    await this.db.query(
      `update payee_accounts set status = 'confirmed', confirmed_at = now() where id = $1 and status = 'bound'`,
      [id],
    );
  }

  // --- withdrawals --------------------------------------------------------------------------------

  async lockWithdrawal(p: {
    withdrawalNo: string;
    memberId: bigint;
    merchantCode: string;
    requestId: string;
    payeeId: bigint;
    amount: bigint;
    currency: string;
    provider: string;
    cashAccountId: bigint;
    lockedAccountId: bigint;
  }): Promise<{ id: bigint; replayed: boolean }> {
    const [row] = await this.db.query<{ id: bigint; replayed: boolean }>(
      'select * from payments_lock_withdrawal($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
      [
        p.withdrawalNo,
        p.memberId,
        p.merchantCode,
        p.requestId,
        p.payeeId,
        p.amount,
        p.currency,
        p.provider,
        p.cashAccountId,
        p.lockedAccountId,
      ],
    );
    return row as { id: bigint; replayed: boolean };
  }

  async withdrawalById(id: bigint): Promise<WithdrawalRow | undefined> {
    const [row] = await this.db.query<WithdrawalRow>(
      `select ${withdrawalColumns} from withdrawals w where w.id = $1`,
      [id],
    );
    return row;
  }

  async withdrawal(withdrawalNo: string): Promise<WithdrawalRow | undefined> {
    const [row] = await this.db.query<WithdrawalRow>(
      `select ${withdrawalColumns} from withdrawals w where w.withdrawal_no = $1`,
      [withdrawalNo],
    );
    return row;
  }

  async memberWithdrawal(memberId: bigint, withdrawalNo: string): Promise<WithdrawalRow | undefined> {
    const [row] = await this.db.query<WithdrawalRow>(
      `select ${withdrawalColumns} from withdrawals w where w.withdrawal_no = $1 and w.member_id = $2`,
      [withdrawalNo, memberId],
    );
    return row;
  }

  /**
   * A page of withdrawals, newest first; `order: 'queue'` (the operator's): waiting ones first, the
   * oldest of them first, then the rest newest first.
   */
  async withdrawalPage(
    filter: {
      memberId?: bigint;
      status?: string;
      merchantCode?: string;
      order?: 'newest' | 'queue';
      /** open: disputes waiting for an operator, the oldest first; resolved: settled, the latest first. */
      dispute?: 'open' | 'resolved';
      /** An operator's chosen order: it replaces the queue's or the disputes' own. */
      sort?: ListSort<WithdrawalSortKey>;
    },
    offset: number,
    limit: number,
  ) {
    const disputeWhere = {
      open: ` and w.status = 'paid' and w.confirmation in ('partial', 'not_received') and w.dispute_resolution is null`,
      resolved: ' and w.dispute_resolution is not null',
    };
    const where = `($1::bigint is null or w.member_id = $1) and ($2::text is null or w.status = $2)
      and ($3::text is null or w.merchant_code = $3)${filter.dispute ? disputeWhere[filter.dispute] : ''}`;
    const params = [filter.memberId ?? null, filter.status ?? null, filter.merchantCode ?? null];
    const order = filter.sort
      ? orderByOf(WITHDRAWAL_SORT_COLUMNS, filter.sort, 'w.id')
      : filter.dispute === 'open'
        ? 'w.confirmed_at, w.id'
        : filter.dispute === 'resolved'
          ? 'w.dispute_resolved_at desc, w.id desc'
          : filter.order === 'queue'
            ? `(w.status = 'locked') desc, case when w.status = 'locked' then w.id end asc, w.id desc`
            : 'w.id desc';
    const rows = await this.db.query<WithdrawalRow>(
      `select ${withdrawalColumns} from withdrawals w where ${where} order by ${order} offset $4 limit $5`,
      [...params, offset, limit],
    );
    const [count] = await this.db.query<{ n: bigint }>(
      `select count(*) as n from withdrawals w where ${where}`,
      params,
    );
    return { rows, total: Number(count?.n ?? 0) };
  }

  async decideWithdrawal(p: {
    withdrawalNo: string;
    decision: 'approve' | 'reject';
    operator: string;
    reason: string | null;
    clearingAccountId: bigint;
  }): Promise<DecisionRow> {
    const [row] = await this.db.query<DecisionRow>(
      'select * from payments_decide_withdrawal($1, $2, $3, $4, $5)',
      [p.withdrawalNo, p.decision, p.operator, p.reason, p.clearingAccountId],
    );
    return row as DecisionRow;
  }

  /** The provider refused the payout (definitively) or could not be reached (failedAt null: unknown). */
  async recordPayoutError(id: bigint, error: string, refused: boolean): Promise<void> {
    await this.db.query(
      `update withdrawals set payout_error = $2,
         payout_failed_at = case when $3 then coalesce(payout_failed_at, now()) else payout_failed_at end
       where id = $1 and status = 'approved'`,
      [id, error.slice(0, 256), refused],
    );
  }

  /** approved with a refused payout → rejected, the money back in the member's cash (0046). */
  async returnFailedPayout(withdrawalNo: string, operator: string, reason: string) {
    const [row] = await this.db.query<{
      outcome: string;
      changed: boolean;
      id: bigint | null;
      cash_account_id: bigint | null;
      clearing_account_id: bigint | null;
    }>('select * from payments_return_failed_payout($1, $2, $3)', [withdrawalNo, operator, reason]);
    return row as NonNullable<typeof row>;
  }

  /** Settles a disputed withdrawal, moving its money in the same statement (0049). */
  async resolveDispute(p: {
    withdrawalNo: string;
    resolution: 'rejected' | 'resent' | 'returned';
    operator: string;
    reason: string;
    houseAccountId: bigint;
    clearingAccountId: bigint;
  }): Promise<DisputeResolutionRow> {
    const [row] = await this.db.query<DisputeResolutionRow>(
      'select * from payments_resolve_dispute($1, $2, $3, $4, $5, $6)',
      [p.withdrawalNo, p.resolution, p.operator, p.reason, p.houseAccountId, p.clearingAccountId],
    );
    return row as DisputeResolutionRow;
  }

  /** The re-sent payout of a dispute was paid: true only the first time. */
  async markDisputePaid(id: bigint, providerReference: string): Promise<boolean> {
    const rows = await this.db.query(
      `update withdrawals set dispute_paid_at = now(), dispute_payout_reference = $2, dispute_payout_error = null,
              dispute_payout_failed_at = null
        where id = $1 and dispute_resolution = 'resent' and dispute_paid_at is null returning id`,
      [id, providerReference],
    );
    return rows.length === 1;
  }

  /** The re-sent payout was refused (for good) or its fate is unknown (the provider was unreachable). */
  async recordDisputePayoutError(id: bigint, error: string, refused: boolean, reference: string | null) {
    await this.db.query(
      `update withdrawals set dispute_payout_error = $2,
         dispute_payout_failed_at = case when $3 then coalesce(dispute_payout_failed_at, now()) else dispute_payout_failed_at end,
         dispute_payout_reference = coalesce($4, dispute_payout_reference)
       where id = $1 and dispute_resolution = 'resent' and dispute_paid_at is null`,
      [id, error.slice(0, 256), refused, reference],
    );
  }

  async setDisputePayoutReference(id: bigint, providerReference: string): Promise<void> {
    await this.db.query(
      `update withdrawals set dispute_payout_reference = $2 where id = $1 and dispute_resolution = 'resent'`,
      [id, providerReference],
    );
  }

  /** approved → paid, opening the confirmation window. False when it was not 'approved'. */
  async markPaid(id: bigint, providerReference: string, autoReceiptMinutes: number): Promise<boolean> {
    const rows = await this.db.query(
      `update withdrawals set status = 'paid', provider_reference = $2, paid_at = now(),
              confirm_deadline = now() + make_interval(mins => $3)
        where id = $1 and status = 'approved' returning id`,
      [id, providerReference, autoReceiptMinutes],
    );
    return rows.length === 1;
  }

  async setProviderReference(id: bigint, providerReference: string): Promise<void> {
    await this.db.query('update withdrawals set provider_reference = $2 where id = $1', [
      id,
      providerReference,
    ]);
  }

  /** Paid withdrawals nobody confirmed in time count as received (spec section 4). */
  autoReceive(
    memberId: bigint | null,
    limit = 500,
  ): Promise<Array<{ id: bigint; withdrawal_no: string; member_id: bigint }>> {
    return this.db.query(
      `update withdrawals set confirmation = 'auto_received', confirmed_at = now(),
              received_amount = amount, remainder_amount = 0
        where id in (select id from withdrawals
                      where status = 'paid' and confirmation is null and confirm_deadline <= now()
                        and ($1::bigint is null or member_id = $1)
                      order by confirm_deadline limit $2 for update skip locked)
          and confirmation is null
        returning id, withdrawal_no, member_id`,
      [memberId, limit],
    );
  }

  /**
   * Records a member's confirmation if the withdrawal is still as the caller saw it (paid, the same
   * confirmation, inside the window when unconfirmed), with its proof files, in one statement.
   */
  async confirmWithdrawal(p: {
    id: bigint;
    memberId: bigint;
    expected: WithdrawalRow['confirmation'];
    state: string;
    receivedAmount: bigint;
    remainderAmount: bigint;
    proofs: NewProof[];
    maxProofs: number;
  }): Promise<boolean> {
    const rows = await this.db.query<{ id: bigint }>(
      `with changed as (
         update withdrawals w set confirmation = $4, received_amount = $5, remainder_amount = $6, confirmed_at = now()
          where w.id = $1 and w.member_id = $2 and w.status = 'paid' and w.dispute_resolution is null
            and w.confirmation is not distinct from $3
            and ($3::text is not null or w.confirm_deadline > now())
            and (select count(*) from withdrawal_proofs p where p.withdrawal_id = w.id) + $8 <= $9
          returning w.id),
       proofs as (
         insert into withdrawal_proofs (withdrawal_id, file_name, content_type, size_bytes, sha256)
         select changed.id, f.file_name, f.content_type, f.size_bytes, f.sha256
           from changed, jsonb_to_recordset($7::jsonb)
                as f(file_name text, content_type text, size_bytes integer, sha256 text))
       select id from changed`,
      [
        p.id,
        p.memberId,
        p.expected,
        p.state,
        p.receivedAmount,
        p.remainderAmount,
        JSON.stringify(
          p.proofs.map((f) => ({
            file_name: f.fileName,
            content_type: f.contentType,
            size_bytes: f.sizeBytes,
            sha256: f.sha256,
          })),
        ),
        p.proofs.length,
        p.maxProofs,
      ],
    );
    return rows.length === 1;
  }

  proofs(withdrawalId: bigint): Promise<ProofRow[]> {
    return this.db.query<ProofRow>('select * from withdrawal_proofs where withdrawal_id = $1 order by id', [
      withdrawalId,
    ]);
  }

  async proof(withdrawalId: bigint, proofId: bigint): Promise<ProofRow | undefined> {
    const [row] = await this.db.query<ProofRow>(
      'select * from withdrawal_proofs where withdrawal_id = $1 and id = $2',
      [withdrawalId, proofId],
    );
    return row;
  }
}
