import {
  type Currency,
  type ManualCredit,
  type OperatorDeposit,
  type OperatorDepositDetail,
  type OperatorDepositListQuery,
  parseSort,
} from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import { toSafeNumber } from '../../lib/bigint';
import type {
  DepositOpsRepository,
  ManualCreditRow,
  OperatorDepositRow,
  ProviderEventRow,
} from './deposit-ops.repository';
import type { DepositsService } from './deposits.service';
import type { MerchantScope } from './operator-decisions.service';
import { iso, pageOf } from './payment-rules';
import type { ProviderClearing } from './provider-clearing';

type Actor = { name: string; merchantCode: MerchantScope };

const depositDto = (row: OperatorDepositRow): OperatorDeposit => ({
  orderId: row.order_no,
  memberId: row.member_id.toString(),
  username: row.username,
  merchantCode: row.merchant_code,
  channel: row.channel,
  provider: row.provider,
  amount: toSafeNumber(row.amount),
  currency: row.currency as Currency,
  status: row.status,
  providerReference: row.provider_reference,
  reference: row.reference,
  createdAt: iso(row.created_at) as string,
  expiresAt: iso(row.expires_at) as string,
  settledAt: iso(row.settled_at),
  creditedBy: row.status !== 'paid' ? null : row.credited_manually ? 'manual' : 'provider',
  manualCreditPending: row.manual_credit_pending,
});

const manualCreditDto = (row: ManualCreditRow): ManualCredit => ({
  id: row.id.toString(),
  status: row.status,
  reason: row.reason,
  requestedBy: row.requested_by,
  requestedAt: iso(row.requested_at) as string,
  decidedBy: row.decided_by,
  decidedAt: iso(row.decided_at),
  decisionReason: row.decision_reason,
});

const eventDto = (row: ProviderEventRow) => ({
  id: row.id.toString(),
  eventId: row.event_id,
  type: row.event_type,
  outcome: row.outcome,
  receivedAt: iso(row.received_at) as string,
});

/**
 * The operator's deposits screen: orders with their states and the provider's webhook calls, and
 * manual credits of orders the provider was paid for but the platform never credited.
 *
 * A manual credit always needs a second operator, whatever the amount (unlike balance adjustments,
 * which need one only from the merchant's threshold up): the requester's word that the provider was
 * paid is the only evidence the server gets, so one operator alone could otherwise turn any unpaid
 * order of a friendly player into money. The approval credits through the same database path as a
 * paid webhook (provider clearing → member cash, key deposit:<order_no>, the order marked paid) and
 * then the same message and live event, so whatever follows a paid deposit follows this one too; a
 * second approval, or the provider's webhook arriving afterwards, finds the order paid and credits
 * nothing.
 */
export class DepositOpsService {
  constructor(
    private readonly repository: DepositOpsRepository,
    private readonly deposits: DepositsService,
    private readonly providers: ProviderClearing,
  ) {}

  private async scoped(orderNo: string, actor: Actor): Promise<OperatorDepositRow> {
    const row = await this.repository.byOrderNo(orderNo);
    if (!row || (actor.merchantCode !== null && row.merchant_code !== actor.merchantCode))
      throw new AppError(404, 'NOT_FOUND');
    return row;
  }

  async list(query: OperatorDepositListQuery, actor: Actor) {
    await this.deposits.expireOverdueDeposits();
    const { rows, total } = await this.repository.page(
      {
        scope: actor.merchantCode,
        ...(query.merchantCode ? { merchantCode: query.merchantCode } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...(query.channel ? { channel: query.channel } : {}),
        ...(query.username ? { username: query.username } : {}),
        ...(query.from ? { from: query.from } : {}),
        ...(query.to ? { to: query.to } : {}),
        manualCreditPending: query.manualCredit === 'pending',
        ...(query.sort ? { sort: parseSort(query.sort) } : {}),
      },
      (query.pageNo - 1) * query.pageSize,
      query.pageSize,
    );
    return pageOf(rows.map(depositDto), query.pageNo, query.pageSize, total);
  }

  async detail(orderNo: string, actor: Actor): Promise<OperatorDepositDetail> {
    await this.deposits.expireOverdueDeposits();
    return this.detailOf(await this.scoped(orderNo, actor));
  }

  private async detailOf(row: OperatorDepositRow): Promise<OperatorDepositDetail> {
    const [events, credits] = await Promise.all([
      this.repository.events(row.order_no, row.provider),
      this.repository.manualCredits(row.id),
    ]);
    return { ...depositDto(row), events: events.map(eventDto), manualCredits: credits.map(manualCreditDto) };
  }

  private async reread(orderNo: string): Promise<OperatorDepositDetail> {
    return this.detailOf((await this.repository.byOrderNo(orderNo)) as OperatorDepositRow);
  }

  /** Where an order and one of its manual credits stand (the audit log's "before" of a decision). */
  async auditState(orderNo: string, creditId: bigint | null, actor: Actor) {
    const order = await this.scoped(orderNo, actor);
    const credit = creditId === null ? undefined : await this.repository.manualCredit(creditId);
    return {
      status: order.status,
      manualCredit: credit && credit.order_id === order.id ? credit.status : null,
    };
  }

  /** Asks for a manual credit of an order that is not paid; a second operator decides. */
  async requestCredit(
    orderNo: string,
    actor: Actor,
    body: { reason: string; requestId: string },
  ): Promise<OperatorDepositDetail> {
    const order = await this.scoped(orderNo, actor);
    const created = await this.repository.insertManualCredit({
      orderId: order.id,
      reason: body.reason,
      requestId: body.requestId,
      requestedBy: actor.name,
    });
    if (!created) {
      // A retry of this very request finds it; anything else tells why nothing was written.
      const earlier = await this.repository.manualCreditByRequest(actor.name, body.requestId);
      if (earlier && earlier.order_id !== order.id) throw new AppError(409, 'CONFLICT');
      if (!earlier) {
        if (order.status === 'paid') throw new AppError(409, 'DEPOSIT_ALREADY_PAID');
        throw new AppError(409, 'MANUAL_CREDIT_PENDING');
      }
    }
    return this.reread(orderNo);
  }

  private async scopedCredit(orderNo: string, creditId: bigint, actor: Actor) {
    const order = await this.scoped(orderNo, actor);
    const credit = await this.repository.manualCredit(creditId);
    if (!credit || credit.order_id !== order.id) throw new AppError(404, 'NOT_FOUND');
    return { order, credit };
  }

  /** The second operator's approval: the order is credited once, however often this is called. */
  async approveCredit(orderNo: string, creditId: bigint, actor: Actor): Promise<OperatorDepositDetail> {
    const { order } = await this.scopedCredit(orderNo, creditId, actor);
    const clearing = this.providers.accountFor(
      order.provider,
      order.currency as Currency,
      `deposit:${order.order_no}`,
    );
    const [result] = await this.repository.applyManualCredit(creditId, actor.name, clearing);
    switch (result?.outcome) {
      case 'credited':
        await this.deposits.announceCredit({
          memberId: result.member_id as bigint,
          orderNo: order.order_no,
          amount: order.amount,
          currency: order.currency as Currency,
          cashAccountId: result.cash_account_id,
          cashBalance: result.cash_balance,
        });
        break;
      case 'applied':
        // This operator's own approval, repeated (e.g. after a lost answer): already done.
        break;
      case 'own_request':
        throw new AppError(409, 'MANUAL_CREDIT_OWN_REQUEST');
      case 'already_paid':
        throw new AppError(409, 'DEPOSIT_ALREADY_PAID');
      case 'not_found':
        throw new AppError(404, 'NOT_FOUND');
      default:
        throw new AppError(409, 'MANUAL_CREDIT_NOT_PENDING');
    }
    return this.reread(orderNo);
  }

  /** Any operator with deposits.decide may refuse a request (the requester may withdraw their own). */
  async rejectCredit(
    orderNo: string,
    creditId: bigint,
    actor: Actor,
    reason: string,
  ): Promise<OperatorDepositDetail> {
    await this.scopedCredit(orderNo, creditId, actor);
    if (!(await this.repository.rejectManualCredit(creditId, actor.name, reason)))
      throw new AppError(409, 'MANUAL_CREDIT_NOT_PENDING');
    return this.reread(orderNo);
  }
}
