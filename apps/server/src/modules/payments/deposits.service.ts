import { createHash } from 'node:crypto';
import { type CreateDepositBody, type Currency, currencies, type DepositOrder } from '@sorte/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { toSafeNumber } from '../../lib/bigint';
import type { RealtimeHub } from '../../plugins/realtime';
import type { SessionMember } from '../auth/auth.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { MessagesService } from '../messages/messages.service';
import { checkRange, type PaymentChannels, paymentMerchantOf } from './payment-channels';
import { iso, newPublicId, pageOf } from './payment-rules';
import type { DepositOrderRow, PaymentsRepository } from './payments.repository';
import type { ProviderClearing } from './provider-clearing';

export type WebhookAnswer = {
  status: number;
  code: 'OK' | 'WEBHOOK_REFUSED';
  outcome: string;
  firstOutcome: string;
};

const refusedOutcomes = new Set([
  'unknown_order',
  'reference_mismatch',
  'order_not_pending',
  'currency_mismatch',
  'amount_mismatch',
  'unknown_event_type',
  'event_conflict',
]);

/**
 * Deposit orders and the providers' webhooks that settle them. Money moves only through the ledger,
 * inside the one-statement function payments_settle_deposit (0012_payments.sql); messages and live
 * events follow a change that really happened (never a replay).
 */
export class DepositsService {
  constructor(
    private readonly repository: PaymentsRepository,
    private readonly channels: PaymentChannels,
    private readonly providers: ProviderClearing,
    private readonly ledger: LedgerService,
    private readonly messages: MessagesService,
    private readonly realtime: RealtimeHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  private depositDto(row: DepositOrderRow): DepositOrder {
    return {
      orderId: row.order_no,
      channel: row.channel,
      amount: toSafeNumber(row.amount),
      currency: row.currency as Currency,
      status: row.status,
      payload: row.payload,
      expiresAt: iso(row.expires_at) as string,
      createdAt: iso(row.created_at) as string,
      settledAt: iso(row.settled_at),
    };
  }

  async createDeposit(member: SessionMember, body: CreateDepositBody): Promise<DepositOrder> {
    const merchant = paymentMerchantOf(member);
    const channel = await this.channels.usable(merchant, body.channel, 'deposit');
    const amount = BigInt(body.amount);
    checkRange(amount, channel.deposit_min, channel.deposit_max, merchant.currency);
    const settings = await this.repository.merchantSettings(merchant.merchantCode);
    if (!settings) throw new AppError(400, 'PAYMENT_CHANNEL_UNAVAILABLE', {}, { field: 'channel' });
    const provider = this.providers.provider(channel.provider);
    const cashAccountId = await this.ledger.cashAccountOf(member.id, merchant.currency);
    const orderNo = newPublicId('D');
    const created = await provider.createDeposit({
      orderNo,
      channel: channel.code,
      amount,
      currency: merchant.currency,
      expiresAt: new Date(Date.now() + settings.deposit_expiry_minutes * 60_000),
      receiving: {
        pixKey: settings.pix_key,
        pixMerchantName: settings.pix_merchant_name,
        pixMerchantCity: settings.pix_merchant_city,
        speiClabe: settings.spei_clabe,
        speiBeneficiary: settings.spei_beneficiary,
        bkashNumber: settings.bkash_number,
        nagadNumber: settings.nagad_number,
      },
    });
    const row = await this.repository.insertDepositOrder({
      orderNo,
      memberId: member.id,
      merchantCode: merchant.merchantCode,
      channel: channel.code,
      provider: provider.code,
      amount,
      currency: merchant.currency,
      providerReference: created.providerReference,
      reference: created.reference,
      payload: created.payload,
      expiresAt: created.expiresAt,
      cashAccountId,
    });
    return this.depositDto(row);
  }

  async getDeposit(member: SessionMember, orderNo: string): Promise<DepositOrder> {
    paymentMerchantOf(member);
    await this.expireOverdueDeposits();
    const row = await this.repository.memberDepositOrder(member.id, orderNo);
    // Another member's order answers exactly like one that does not exist.
    if (!row) throw new AppError(404, 'NOT_FOUND');
    return this.depositDto(row);
  }

  async listDeposits(member: SessionMember, pageNo: number, pageSize: number) {
    paymentMerchantOf(member);
    await this.expireOverdueDeposits();
    const { rows, total } = await this.repository.memberDepositPage(
      member.id,
      (pageNo - 1) * pageSize,
      pageSize,
    );
    return pageOf(
      rows.map((r) => this.depositDto(r)),
      pageNo,
      pageSize,
      total,
    );
  }

  /**
   * A provider's webhook: signature first (over the raw bytes), then one database call that records
   * the event and settles the order. Only a settlement that really happened sends the message and
   * the live event; a replay answers like the first call and does nothing.
   */
  async handleWebhook(
    providerCode: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<WebhookAnswer> {
    const provider = this.providers.find(providerCode);
    if (!provider) throw new AppError(404, 'NOT_FOUND');
    const bodySha256 = createHash('sha256').update(rawBody).digest('hex');
    const verdict = provider.verifyWebhook(rawBody, headers);
    if (!verdict.ok) {
      await this.repository.recordRejectedWebhook(providerCode, bodySha256, `bad_${verdict.reason}`);
      if (verdict.reason === 'signature') throw new AppError(401, 'INVALID_SIGNATURE');
      throw new AppError(400, 'BAD_REQUEST');
    }
    const { event } = verdict;
    // The clearing shard follows the currency the event claims: the database function credits only
    // when it equals the order's, so a wrong claim can never reach this account.
    const clearing = (currencies as readonly string[]).includes(event.currency)
      ? this.providers.accountFor(provider.code, event.currency as Currency, `deposit:${event.orderNo}`)
      : 0n;
    const [row] = await this.repository.settleDeposit({
      provider: provider.code,
      eventId: event.eventId,
      bodySha256,
      eventType: event.type,
      orderNo: event.orderNo,
      providerReference: event.providerReference,
      amount: event.amount,
      currency: event.currency,
      clearingAccountId: clearing,
    });
    if (!row) throw new Error('payments_settle_deposit returned nothing');
    if (row.member_id !== null && row.order_no && row.amount !== null && row.currency) {
      const params = { amountMinor: row.amount, currency: row.currency as Currency, orderId: row.order_no };
      if (row.outcome === 'credited') {
        await this.announceCredit({
          memberId: row.member_id,
          orderNo: row.order_no,
          amount: row.amount,
          currency: row.currency as Currency,
          cashAccountId: row.cash_account_id,
          cashBalance: row.cash_balance,
        });
        await this.repository.cancelPendingManualCredits(row.order_no);
      } else if (row.outcome === 'failed' || row.outcome === 'expired') {
        await this.messages.send(row.member_id, 'depositFailed', params);
        await this.realtime.publish(row.member_id, {
          type: 'deposit',
          orderId: row.order_no,
          status: row.outcome,
        });
      }
    }
    const decisive = row.outcome === 'replayed' ? row.first_outcome : row.outcome;
    if (refusedOutcomes.has(decisive) || row.outcome === 'event_conflict') {
      this.log.warn(
        { provider: providerCode, outcome: row.outcome, orderNo: event.orderNo },
        'webhook refused',
      );
      return { status: 409, code: 'WEBHOOK_REFUSED', outcome: row.outcome, firstOutcome: row.first_outcome };
    }
    return { status: 200, code: 'OK', outcome: row.outcome, firstOutcome: row.first_outcome };
  }

  /**
   * What follows a deposit's credit, whether the provider's webhook or a manual credit (four eyes)
   * made it: the live balance, the member's message and the live event, exactly the same.
   */
  async announceCredit(credit: {
    memberId: bigint;
    orderNo: string;
    amount: bigint;
    currency: Currency;
    cashAccountId: bigint | null;
    cashBalance: bigint | null;
  }): Promise<void> {
    if (credit.cashAccountId !== null) this.ledger.announce([credit.cashAccountId]);
    await this.messages.send(credit.memberId, 'depositCredited', {
      amountMinor: credit.amount,
      currency: credit.currency,
      orderId: credit.orderNo,
    });
    await this.realtime.publish(credit.memberId, {
      type: 'deposit',
      orderId: credit.orderNo,
      status: 'paid',
      ...(credit.cashBalance !== null ? { cashBalance: toSafeNumber(credit.cashBalance) } : {}),
    });
  }

  /** Pending orders past their time fail as expired, with the member told (job and reads). */
  async expireOverdueDeposits(): Promise<number> {
    const rows = await this.repository.expireOverdueDeposits();
    for (const row of rows) {
      await this.messages.send(row.member_id, 'depositFailed', {
        amountMinor: row.amount,
        currency: row.currency as Currency,
        orderId: row.order_no,
      });
      await this.realtime.publish(row.member_id, {
        type: 'deposit',
        orderId: row.order_no,
        status: 'expired',
      });
    }
    return rows.length;
  }
}
