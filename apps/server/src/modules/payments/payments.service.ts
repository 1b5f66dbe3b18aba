import { createHash, randomBytes } from 'node:crypto';
import {
  type BindPayeeBody,
  type CreateDepositBody,
  type CreateWithdrawalBody,
  type Currency,
  currencies,
  type DepositOrder,
  defaultMerchant,
  formatMinor,
  type Merchant,
  memberTypes,
  merchants,
  type PayeeAccount,
  type PayeeAccountType,
  type PaymentChannel,
  type PaymentChannelCode,
  payeeAccountLimit,
  payeeTypesByChannel,
  proofMaxBytes,
  proofMaxFiles,
  type UpdatePayeeBody,
  type Withdrawal,
  type WithdrawalConfirmationFields,
  type WithdrawalConfirmationState,
} from '@sorte/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { toSafeNumber } from '../../lib/bigint';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { RealtimeHub } from '../../plugins/realtime';
import type { SessionMember } from '../auth/auth.service';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { MessagesService } from '../messages/messages.service';
import type { LedgerRepository } from '../wallet/ledger.repository';
import type { LedgerService } from '../wallet/ledger.service';
import { isValidClabe, normaliseClabe } from './clabe';
import { maskAccount } from './masking';
import type {
  ChannelRow,
  DepositOrderRow,
  PayeeRow,
  PaymentsRepository,
  ProofRow,
  WithdrawalRow,
} from './payments.repository';
import { checkPixKey, normaliseBdWallet, type PixKeyType } from './pix-key';
import { type ProofStore, type StoredProof, sniffImageType } from './proofs';
import type { PaymentProvider } from './providers/payment-provider';

/** Wrong payment passwords per member before a 30-minute lock. */
export const PAYMENT_PASSWORD_FAILURES = 5;
export const PAYMENT_PASSWORD_LOCK_MS = 30 * 60_000;

/** Crockford-free base32 (A–Z, 2–7): 16 characters carry 80 random bits. */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export function newPublicId(prefix: 'D' | 'W'): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = prefix;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

export const providerClearingCode = (provider: string, currency: Currency, shard: number) =>
  `provider:${provider}:clearing:${currency}:${String(shard).padStart(2, '0')}`;

/** Six digits that are all the same or run in order (123456, 987654) are refused as a first password. */
export function isWeakPaymentPassword(password: string): boolean {
  if (!/^\d{6}$/.test(password)) return true;
  if (/^(\d)\1{5}$/.test(password)) return true;
  const steps = new Set<number>();
  for (let i = 1; i < 6; i++) steps.add((Number(password[i]) - Number(password[i - 1]) + 10) % 10);
  return steps.size === 1 && (steps.has(1) || steps.has(9));
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type UploadedFile = { bytes: Buffer };

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
 * Deposits, payee accounts and withdrawals. Money moves only through the ledger, inside the
 * one-statement functions of 0012_payments.sql; messages and live events follow a change that
 * really happened (never a replay).
 */
export class PaymentsService {
  private clearing = new Map<string, bigint[]>();

  constructor(
    private readonly repository: PaymentsRepository,
    private readonly ledger: LedgerService,
    private readonly ledgerRepository: LedgerRepository,
    private readonly providers: Map<string, PaymentProvider>,
    private readonly messages: MessagesService,
    private readonly realtime: RealtimeHub,
    private readonly limiter: RateLimiter,
    private readonly options: { shardCount: number; proofs: ProofStore; log: FastifyBaseLogger },
  ) {}

  /** Opens every provider's clearing sub-accounts (idempotent; every instance runs it at start). */
  async start(): Promise<void> {
    for (const provider of this.providers.keys()) {
      const wanted = currencies.flatMap((currency) =>
        Array.from({ length: this.options.shardCount }, (_, shard) => ({
          code: providerClearingCode(provider, currency, shard),
          owner_type: 'provider' as const,
          owner_id: provider,
          kind: 'clearing' as const,
          currency,
          allow_negative: true,
        })),
      );
      await this.ledgerRepository.insertAccounts(wanted);
      const rows = await this.ledgerRepository.findAccountsByCodes(wanted.map((a) => a.code));
      const byCode = new Map(rows.map((r) => [r.code, r.id]));
      for (const currency of currencies) {
        this.clearing.set(
          `${provider}:${currency}`,
          Array.from(
            { length: this.options.shardCount },
            (_, s) => byCode.get(providerClearingCode(provider, currency, s)) as bigint,
          ),
        );
      }
    }
  }

  provider(code: string): PaymentProvider {
    const provider = this.providers.get(code);
    if (!provider) throw new AppError(503, 'SERVICE_UNAVAILABLE');
    return provider;
  }

  /** A provider clearing shard, derived from the transfer's key so a retry names the same account. */
  clearingAccountFor(provider: string, currency: string, key: string): bigint {
    const shards = this.clearing.get(`${provider}:${currency}`);
    if (!shards?.length) throw new Error(`no clearing accounts for ${provider} ${currency}`);
    return shards[createHash('sha256').update(key).digest().readUInt32BE(0) % shards.length] as bigint;
  }

  /** Account ids never change, so the cash account of a member is looked up once per process. */
  private readonly cashAccounts = new Map<string, bigint>();
  private async cashAccountOf(memberId: bigint, currency: Currency): Promise<bigint> {
    const key = `${memberId}:${currency}`;
    let id = this.cashAccounts.get(key);
    if (id === undefined) {
      id = (await this.ledger.ensureMemberAccounts(memberId.toString(), currency)).cash;
      if (this.cashAccounts.size >= 100_000) this.cashAccounts.clear();
      this.cashAccounts.set(key, id);
    }
    return id;
  }

  // --- members ------------------------------------------------------------------------------------

  private merchantOf(member: SessionMember): Merchant {
    if (member.type === memberTypes.trial) throw new AppError(403, 'TRIAL_NOT_ALLOWED');
    return merchants.find((m) => m.merchantCode === member.merchant_code) ?? defaultMerchant;
  }

  private async checkPaymentPassword(memberId: bigint, password: string, setIfUnset: boolean): Promise<void> {
    const key = `paypw:${memberId}`;
    if ((await this.limiter.peek(key)) >= PAYMENT_PASSWORD_FAILURES)
      throw new AppError(429, 'PAYMENT_PASSWORD_LOCKED', { minutes: PAYMENT_PASSWORD_LOCK_MS / 60_000 });
    let hash = await this.repository.paymentPasswordHash(memberId);
    if (!hash) {
      if (!setIfUnset) throw new AppError(403, 'PAYMENT_PASSWORD_INVALID', {}, { field: 'paymentPassword' });
      // The first bind of a member who has no payment password yet sets it (argon2id, like passwords).
      if (isWeakPaymentPassword(password))
        throw new AppError(400, 'PAYMENT_PASSWORD_WEAK', {}, { field: 'paymentPassword' });
      if (await this.repository.setPaymentPasswordIfUnset(memberId, await hashPassword(password))) return;
      hash = await this.repository.paymentPasswordHash(memberId);
    }
    if (!(await verifyPassword(hash ?? undefined, password))) {
      await this.limiter.hit(key, PAYMENT_PASSWORD_FAILURES, PAYMENT_PASSWORD_LOCK_MS);
      throw new AppError(403, 'PAYMENT_PASSWORD_INVALID', {}, { field: 'paymentPassword' });
    }
  }

  private channelDto(row: ChannelRow, currency: Currency, kind: 'deposit' | 'withdraw'): PaymentChannel {
    return {
      code: row.code,
      currency,
      minAmount: toSafeNumber(kind === 'deposit' ? row.deposit_min : row.withdraw_min),
      maxAmount: toSafeNumber(kind === 'deposit' ? row.deposit_max : row.withdraw_max),
      accountTypes: [...payeeTypesByChannel[row.code]],
    };
  }

  async channels(member: SessionMember, kind: 'deposit' | 'withdraw') {
    const merchant = this.merchantOf(member);
    const rows = await this.repository.channels(merchant.merchantCode);
    return {
      currency: merchant.currency,
      channels: rows
        .filter((r) => (kind === 'deposit' ? r.deposit_enabled : r.withdraw_enabled))
        .map((r) => this.channelDto(r, merchant.currency, kind)),
    };
  }

  private async usableChannel(merchant: Merchant, code: string, kind: 'deposit' | 'withdraw') {
    const channel = await this.repository.channel(merchant.merchantCode, code);
    if (!channel || !(kind === 'deposit' ? channel.deposit_enabled : channel.withdraw_enabled))
      throw new AppError(400, 'PAYMENT_CHANNEL_UNAVAILABLE', {}, { field: 'channel' });
    return channel;
  }

  private checkRange(amount: bigint, min: bigint, max: bigint, currency: Currency) {
    if (amount < min || amount > max)
      throw new AppError(
        400,
        'AMOUNT_OUT_OF_RANGE',
        { min: formatMinor(min, currency), max: formatMinor(max, currency) },
        { field: 'amount' },
      );
  }

  // --- deposits -----------------------------------------------------------------------------------

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
    const merchant = this.merchantOf(member);
    const channel = await this.usableChannel(merchant, body.channel, 'deposit');
    const amount = BigInt(body.amount);
    this.checkRange(amount, channel.deposit_min, channel.deposit_max, merchant.currency);
    const settings = await this.repository.merchantSettings(merchant.merchantCode);
    if (!settings) throw new AppError(400, 'PAYMENT_CHANNEL_UNAVAILABLE', {}, { field: 'channel' });
    const provider = this.provider(channel.provider);
    await this.ledger.ensureMemberAccounts(member.id.toString(), merchant.currency);
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
    });
    return this.depositDto(row);
  }

  async getDeposit(member: SessionMember, orderNo: string): Promise<DepositOrder> {
    this.merchantOf(member);
    await this.expireOverdueDeposits();
    const row = await this.repository.memberDepositOrder(member.id, orderNo);
    // Another member's order answers exactly like one that does not exist.
    if (!row) throw new AppError(404, 'NOT_FOUND');
    return this.depositDto(row);
  }

  async listDeposits(member: SessionMember, pageNo: number, pageSize: number) {
    this.merchantOf(member);
    await this.expireOverdueDeposits();
    const { rows, total } = await this.repository.memberDepositPage(
      member.id,
      (pageNo - 1) * pageSize,
      pageSize,
    );
    return {
      content: rows.map((r) => this.depositDto(r)),
      pageNum: pageNo,
      totalPages: Math.max(1, Math.ceil(total / pageSize)),
      total,
    };
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
    const provider = this.providers.get(providerCode);
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
      ? this.clearingAccountFor(provider.code, event.currency, `deposit:${event.orderNo}`)
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
        this.ledger.announceAccountsChanged([await this.cashAccountOf(row.member_id, params.currency)]);
        await this.messages.send(row.member_id, 'depositCredited', params);
        await this.realtime.publish(row.member_id, {
          type: 'deposit',
          orderId: row.order_no,
          status: 'paid',
          ...(row.cash_balance !== null ? { cashBalance: toSafeNumber(row.cash_balance) } : {}),
        });
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
      this.options.log.warn(
        { provider: providerCode, outcome: row.outcome, orderNo: event.orderNo },
        'webhook refused',
      );
      return { status: 409, code: 'WEBHOOK_REFUSED', outcome: row.outcome, firstOutcome: row.first_outcome };
    }
    return { status: 200, code: 'OK', outcome: row.outcome, firstOutcome: row.first_outcome };
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

  // --- payee accounts -----------------------------------------------------------------------------

  private payeeDto(row: PayeeRow): PayeeAccount {
    return {
      id: row.id.toString(),
      channel: row.channel,
      type: row.type,
      maskedValue: maskAccount(row.type, row.account_value),
      holderName: row.holder_name,
      status: row.status === 'confirmed' ? 'confirmed' : 'bound',
      createdAt: iso(row.created_at) as string,
      confirmedAt: iso(row.confirmed_at),
    };
  }

  /** Checks an account value for its channel and type and returns its one canonical spelling. */
  normaliseAccount(channel: PaymentChannelCode, type: PayeeAccountType, value: string): string {
    if (!payeeTypesByChannel[channel].includes(type))
      throw new AppError(400, 'PAYEE_TYPE_MISMATCH', {}, { field: 'type' });
    const invalid = (code: 'INVALID_CPF' | 'INVALID_PIX_KEY' | 'INVALID_CLABE' | 'INVALID_WALLET_NUMBER') =>
      new AppError(400, code, {}, { field: 'value' });
    if (channel === 'PIX') {
      const checked = checkPixKey(type as PixKeyType, value);
      if (!checked.ok) throw invalid(type === 'CPF' ? 'INVALID_CPF' : 'INVALID_PIX_KEY');
      return checked.value;
    }
    if (channel === 'SPEI') {
      if (!isValidClabe(value)) throw invalid('INVALID_CLABE');
      return normaliseClabe(value);
    }
    const wallet = normaliseBdWallet(value);
    if (!wallet) throw invalid('INVALID_WALLET_NUMBER');
    return wallet;
  }

  async listPayees(member: SessionMember) {
    this.merchantOf(member);
    const rows = await this.repository.payees(member.id);
    return {
      accounts: rows.map((r) => this.payeeDto(r)),
      hasPaymentPassword: (await this.repository.paymentPasswordHash(member.id)) !== null,
      limit: payeeAccountLimit,
    };
  }

  async bindPayee(member: SessionMember, body: BindPayeeBody): Promise<PayeeAccount> {
    const merchant = this.merchantOf(member);
    await this.usableChannel(merchant, body.channel, 'withdraw');
    const value = this.normaliseAccount(body.channel, body.type, body.value);
    await this.checkPaymentPassword(member.id, body.paymentPassword, true);
    const result = await this.repository.insertPayee({
      memberId: member.id,
      channel: body.channel,
      type: body.type,
      value,
      holderName: body.holderName,
      limit: payeeAccountLimit,
    });
    if (result === 'duplicate') throw new AppError(409, 'PAYEE_ACCOUNT_EXISTS');
    if (result === 'limit') throw new AppError(409, 'PAYEE_ACCOUNT_LIMIT', { limit: payeeAccountLimit });
    return this.payeeDto(result);
  }

  private changeOutcome(outcome: Awaited<ReturnType<PaymentsRepository['changePayee']>>): void {
    switch (outcome) {
      case 'ok':
        return;
      case 'not_found':
        throw new AppError(404, 'NOT_FOUND');
      case 'confirmed':
        throw new AppError(409, 'PAYEE_ACCOUNT_CONFIRMED');
      case 'in_use':
        throw new AppError(409, 'PAYEE_ACCOUNT_IN_USE');
      case 'duplicate':
        throw new AppError(409, 'PAYEE_ACCOUNT_EXISTS');
    }
  }

  private async ownPayee(member: SessionMember, id: bigint): Promise<PayeeRow> {
    const row = await this.repository.payee(member.id, id);
    if (!row) throw new AppError(404, 'NOT_FOUND');
    // Said before the password is asked for: a confirmed account cannot change whatever is typed.
    if (row.status === 'confirmed') throw new AppError(409, 'PAYEE_ACCOUNT_CONFIRMED');
    return row;
  }

  async updatePayee(member: SessionMember, id: bigint, body: UpdatePayeeBody): Promise<PayeeAccount> {
    this.merchantOf(member);
    const current = await this.ownPayee(member, id);
    const value = this.normaliseAccount(current.channel, body.type, body.value);
    await this.checkPaymentPassword(member.id, body.paymentPassword, false);
    this.changeOutcome(
      await this.repository.changePayee({
        id,
        memberId: member.id,
        action: 'update',
        type: body.type,
        value,
        holderName: body.holderName,
      }),
    );
    return this.payeeDto((await this.repository.payee(member.id, id)) as PayeeRow);
  }

  async unbindPayee(member: SessionMember, id: bigint, paymentPassword: string): Promise<void> {
    this.merchantOf(member);
    await this.ownPayee(member, id);
    await this.checkPaymentPassword(member.id, paymentPassword, false);
    this.changeOutcome(await this.repository.changePayee({ id, memberId: member.id, action: 'unbind' }));
  }

  // --- withdrawals --------------------------------------------------------------------------------

  private allowedConfirmations(row: WithdrawalRow, now = Date.now()): WithdrawalConfirmationState[] {
    if (row.status !== 'paid') return [];
    switch (row.confirmation) {
      case null:
        return row.confirm_deadline && new Date(row.confirm_deadline).getTime() > now
          ? ['received', 'partial', 'not_received']
          : [];
      case 'not_received':
        return ['partial', 'all_received'];
      case 'partial':
        return ['all_received'];
      default:
        return [];
    }
  }

  withdrawalDto(row: WithdrawalRow): Withdrawal {
    const amount = (v: bigint | null) => (v === null ? null : toSafeNumber(v));
    return {
      withdrawalId: row.withdrawal_no,
      channel: row.channel,
      accountType: row.account_type,
      maskedAccount: maskAccount(row.account_type, row.account_value),
      holderName: row.holder_name,
      amount: toSafeNumber(row.amount),
      currency: row.currency as Currency,
      status: row.status,
      reason: row.reason,
      confirmation: row.confirmation,
      receivedAmount: amount(row.received_amount),
      remainderAmount: amount(row.remainder_amount),
      confirmDeadline: row.status === 'paid' && row.confirmation === null ? iso(row.confirm_deadline) : null,
      allowedConfirmations: this.allowedConfirmations(row),
      proofCount: Number(row.proof_count),
      createdAt: iso(row.created_at) as string,
      decidedAt: iso(row.decided_at),
      paidAt: iso(row.paid_at),
    };
  }

  private publishWithdrawal(
    row: Pick<WithdrawalRow, 'member_id' | 'withdrawal_no' | 'status' | 'confirmation'>,
  ) {
    return this.realtime.publish(row.member_id, {
      type: 'withdrawal',
      withdrawalId: row.withdrawal_no,
      status: row.status,
      confirmation: row.confirmation,
    });
  }

  async createWithdrawal(member: SessionMember, body: CreateWithdrawalBody): Promise<Withdrawal> {
    const merchant = this.merchantOf(member);
    const payee = await this.repository.payee(member.id, BigInt(body.payeeAccountId));
    if (!payee) throw new AppError(404, 'NOT_FOUND');
    const channel = await this.usableChannel(merchant, payee.channel, 'withdraw');
    const amount = BigInt(body.amount);
    this.checkRange(amount, channel.withdraw_min, channel.withdraw_max, merchant.currency);
    await this.checkPaymentPassword(member.id, body.paymentPassword, false);
    const accounts = await this.ledger.ensureMemberAccounts(member.id.toString(), merchant.currency);
    let locked: { id: bigint; replayed: boolean };
    try {
      locked = await this.repository.lockWithdrawal({
        withdrawalNo: newPublicId('W'),
        memberId: member.id,
        merchantCode: merchant.merchantCode,
        requestId: body.requestId,
        payeeId: payee.id,
        amount,
        currency: merchant.currency,
        provider: channel.provider,
        cashAccountId: accounts.cash,
        lockedAccountId: accounts.locked,
      });
    } catch (error) {
      switch ((error as { code?: string }).code) {
        case 'SL001':
          throw new AppError(409, 'INSUFFICIENT_FUNDS');
        case 'SP001':
          throw new AppError(404, 'NOT_FOUND');
        case 'SP002':
          throw new AppError(409, 'IDEMPOTENCY_MISMATCH');
      }
      throw error;
    }
    const row = (await this.repository.withdrawalById(locked.id)) as WithdrawalRow;
    if (!locked.replayed) {
      this.ledger.announceAccountsChanged([accounts.cash, accounts.locked]);
      await this.publishWithdrawal(row);
    }
    return this.withdrawalDto(row);
  }

  /** Paid withdrawals unconfirmed past their deadline become auto_received (job, and on every read). */
  async autoReceive(memberId: bigint | null = null): Promise<number> {
    const rows = await this.repository.autoReceive(memberId);
    for (const row of rows)
      await this.publishWithdrawal({ ...row, status: 'paid', confirmation: 'auto_received' });
    return rows.length;
  }

  async getWithdrawal(member: SessionMember, withdrawalNo: string): Promise<Withdrawal> {
    this.merchantOf(member);
    await this.autoReceive(member.id);
    const row = await this.repository.memberWithdrawal(member.id, withdrawalNo);
    if (!row) throw new AppError(404, 'NOT_FOUND');
    return this.withdrawalDto(row);
  }

  async listWithdrawals(member: SessionMember, pageNo: number, pageSize: number) {
    this.merchantOf(member);
    await this.autoReceive(member.id);
    const { rows, total } = await this.repository.withdrawalPage(
      { memberId: member.id },
      (pageNo - 1) * pageSize,
      pageSize,
    );
    return {
      content: rows.map((r) => this.withdrawalDto(r)),
      pageNum: pageNo,
      totalPages: Math.max(1, Math.ceil(total / pageSize)),
      total,
    };
  }

  /**
   * The member's word on a paid withdrawal (spec section 4): received; partly received (amount, and
   * the remainder follows); not received (with at least one proof image); later, all received.
   * Unconfirmed past the deadline it counts as received and can no longer be disputed.
   */
  async confirmWithdrawal(
    member: SessionMember,
    withdrawalNo: string,
    fields: WithdrawalConfirmationFields,
    files: UploadedFile[],
  ): Promise<Withdrawal> {
    this.merchantOf(member);
    await this.autoReceive(member.id);
    const row = await this.repository.memberWithdrawal(member.id, withdrawalNo);
    if (!row) throw new AppError(404, 'NOT_FOUND');
    if (!this.allowedConfirmations(row).includes(fields.state))
      throw new AppError(409, 'CONFIRMATION_NOT_ALLOWED', {}, { field: 'state' });
    if (files.length > 0 && fields.state !== 'partial' && fields.state !== 'not_received')
      throw AppError.field('proofs', 'validation:invalid');
    if (Number(row.proof_count) + files.length > proofMaxFiles)
      throw new AppError(400, 'PROOF_TOO_MANY', { max: proofMaxFiles }, { field: 'proofs' });
    if (fields.state === 'not_received' && Number(row.proof_count) + files.length === 0)
      throw new AppError(400, 'PROOF_REQUIRED', {}, { field: 'proofs' });
    const images: Array<{ bytes: Buffer; contentType: 'image/png' | 'image/jpeg' }> = [];
    for (const file of files) {
      if (file.bytes.length > proofMaxBytes)
        throw new AppError(
          413,
          'PROOF_TOO_LARGE',
          { megabytes: proofMaxBytes / 1024 / 1024 },
          { field: 'proofs' },
        );
      const contentType = sniffImageType(file.bytes);
      if (!contentType) throw new AppError(415, 'PROOF_NOT_IMAGE', {}, { field: 'proofs' });
      images.push({ bytes: file.bytes, contentType });
    }
    let received: bigint;
    switch (fields.state) {
      case 'partial': {
        const value = fields.receivedAmount === undefined ? null : BigInt(fields.receivedAmount);
        if (value === null || value <= 0n || value >= row.amount)
          throw new AppError(
            400,
            'RECEIVED_AMOUNT_INVALID',
            { max: formatMinor(row.amount, row.currency as Currency) },
            { field: 'receivedAmount' },
          );
        received = value;
        break;
      }
      case 'not_received':
        received = 0n;
        break;
      default:
        received = row.amount;
    }
    const stored: StoredProof[] = await this.options.proofs.save(images);
    const changed = await this.repository.confirmWithdrawal({
      id: row.id,
      memberId: member.id,
      expected: row.confirmation,
      state: fields.state,
      receivedAmount: received,
      remainderAmount: row.amount - received,
      proofs: stored,
      maxProofs: proofMaxFiles,
    });
    if (!changed) {
      await this.options.proofs.remove(stored);
      throw new AppError(409, 'CONFIRMATION_NOT_ALLOWED', {}, { field: 'state' });
    }
    const updated = (await this.repository.withdrawalById(row.id)) as WithdrawalRow;
    await this.publishWithdrawal(updated);
    return this.withdrawalDto(updated);
  }

  // --- operators ----------------------------------------------------------------------------------

  async operatorWithdrawalDto(row: WithdrawalRow) {
    const proofs = await this.repository.proofs(row.id);
    return {
      ...this.withdrawalDto(row),
      memberId: row.member_id.toString(),
      payeeAccountId: row.payee_account_id.toString(),
      accountValue: row.account_value,
      operator: row.operator,
      providerReference: row.provider_reference,
      proofs: proofs.map((p: ProofRow) => ({
        id: p.id.toString(),
        contentType: p.content_type,
        sizeBytes: p.size_bytes,
        createdAt: iso(p.created_at) as string,
      })),
    };
  }

  async operatorWithdrawal(withdrawalNo: string) {
    const row = await this.repository.withdrawal(withdrawalNo);
    if (!row) throw new AppError(404, 'NOT_FOUND');
    return this.operatorWithdrawalDto(row);
  }

  async operatorWithdrawals(status: string | undefined, pageNo: number, pageSize: number) {
    await this.autoReceive(null);
    const { rows, total } = await this.repository.withdrawalPage(
      { status },
      (pageNo - 1) * pageSize,
      pageSize,
    );
    return {
      content: await Promise.all(rows.map((r) => this.operatorWithdrawalDto(r))),
      pageNum: pageNo,
      totalPages: Math.max(1, Math.ceil(total / pageSize)),
      total,
    };
  }

  async proofFile(withdrawalNo: string, proofId: bigint): Promise<{ path: string; contentType: string }> {
    const row = await this.repository.withdrawal(withdrawalNo);
    const proof = row ? await this.repository.proof(row.id, proofId) : undefined;
    if (!proof) throw new AppError(404, 'NOT_FOUND');
    return { path: this.options.proofs.pathOf(proof.file_name), contentType: proof.content_type };
  }

  /**
   * Approves a locked withdrawal: locked → provider clearing in one statement, then the payout
   * through the provider (idempotent on the withdrawal number). Calling it again retries a payout
   * that failed; it never moves money twice.
   */
  async approve(withdrawalNo: string, operator: string) {
    const row = await this.repository.withdrawal(withdrawalNo);
    if (!row) throw new AppError(404, 'NOT_FOUND');
    const decision = await this.repository.decideWithdrawal({
      withdrawalNo,
      decision: 'approve',
      operator,
      reason: null,
      clearingAccountId: this.clearingAccountFor(
        row.provider,
        row.currency,
        `withdrawal:${withdrawalNo}:payout`,
      ),
    });
    if (decision.outcome === 'conflict') throw new AppError(409, 'WITHDRAWAL_STATE_CONFLICT');
    let current = (await this.repository.withdrawalById(row.id)) as WithdrawalRow;
    if (decision.changed) {
      await this.announceMemberAccounts(row);
      await this.messages.send(row.member_id, 'withdrawalApproved', {
        amountMinor: row.amount,
        currency: row.currency as Currency,
        orderId: withdrawalNo,
      });
      await this.publishWithdrawal(current);
    }
    if (current.status === 'approved') {
      let result: Awaited<ReturnType<PaymentProvider['payout']>>;
      try {
        result = await this.provider(row.provider).payout({
          withdrawalNo,
          channel: row.channel,
          accountType: row.account_type,
          accountValue: row.account_value,
          holderName: row.holder_name,
          amount: row.amount,
          currency: row.currency as Currency,
        });
      } catch (error) {
        this.options.log.error({ err: error, withdrawalNo }, 'payout failed; approve again to retry');
        throw new AppError(502, 'PAYMENT_PROVIDER_ERROR');
      }
      if (result.status === 'failed') {
        this.options.log.error({ withdrawalNo, result }, 'provider refused the payout');
        throw new AppError(502, 'PAYMENT_PROVIDER_ERROR');
      }
      if (result.status === 'paid') {
        const settings = await this.repository.merchantSettings(row.merchant_code);
        if (
          await this.repository.markPaid(
            row.id,
            result.providerReference,
            settings?.withdrawal_auto_receipt_minutes ?? 30,
          )
        ) {
          // The provider paid into it: the account is real and now can never change (spec section 4).
          await this.repository.confirmPayee(row.payee_account_id);
          current = (await this.repository.withdrawalById(row.id)) as WithdrawalRow;
          await this.publishWithdrawal(current);
        }
      } else {
        await this.repository.setProviderReference(row.id, result.providerReference);
      }
      current = (await this.repository.withdrawalById(row.id)) as WithdrawalRow;
    }
    return this.operatorWithdrawalDto(current);
  }

  /** Tells the ledger's listeners (the live balance) that a withdrawal moved the member's money. */
  private async announceMemberAccounts(row: WithdrawalRow) {
    const accounts = await this.ledger.ensureMemberAccounts(
      row.member_id.toString(),
      row.currency as Currency,
    );
    this.ledger.announceAccountsChanged([accounts.cash, accounts.locked]);
  }

  /** Rejects a locked withdrawal: locked → cash in one statement; the member is told why. */
  async reject(withdrawalNo: string, operator: string, reason: string) {
    const row = await this.repository.withdrawal(withdrawalNo);
    if (!row) throw new AppError(404, 'NOT_FOUND');
    const decision = await this.repository.decideWithdrawal({
      withdrawalNo,
      decision: 'reject',
      operator,
      reason,
      clearingAccountId: this.clearingAccountFor(
        row.provider,
        row.currency,
        `withdrawal:${withdrawalNo}:payout`,
      ),
    });
    if (decision.outcome === 'conflict') throw new AppError(409, 'WITHDRAWAL_STATE_CONFLICT');
    const current = (await this.repository.withdrawalById(row.id)) as WithdrawalRow;
    if (decision.changed) {
      await this.announceMemberAccounts(row);
      await this.messages.send(row.member_id, 'withdrawalRejected', {
        amountMinor: row.amount,
        currency: row.currency as Currency,
        orderId: withdrawalNo,
        reason,
      });
      await this.publishWithdrawal(current);
    }
    return this.operatorWithdrawalDto(current);
  }

  async updateChannel(
    merchantCode: string,
    code: string,
    patch: {
      depositEnabled?: boolean;
      depositMin?: number;
      depositMax?: number;
      withdrawEnabled?: boolean;
      withdrawMin?: number;
      withdrawMax?: number;
    },
  ) {
    const current = await this.repository.channel(merchantCode, code);
    if (!current) throw new AppError(404, 'NOT_FOUND');
    const big = (v: number | undefined) => (v === undefined ? undefined : BigInt(v));
    const next = {
      deposit_min: big(patch.depositMin) ?? current.deposit_min,
      deposit_max: big(patch.depositMax) ?? current.deposit_max,
      withdraw_min: big(patch.withdrawMin) ?? current.withdraw_min,
      withdraw_max: big(patch.withdrawMax) ?? current.withdraw_max,
    };
    if (next.deposit_max < next.deposit_min) throw AppError.field('depositMax', 'validation:invalid');
    if (next.withdraw_max < next.withdraw_min) throw AppError.field('withdrawMax', 'validation:invalid');
    const row = (await this.repository.updateChannel(merchantCode, code, {
      ...next,
      deposit_enabled: patch.depositEnabled ?? current.deposit_enabled,
      withdraw_enabled: patch.withdrawEnabled ?? current.withdraw_enabled,
    })) as ChannelRow;
    const currency = (merchants.find((m) => m.merchantCode === merchantCode) ?? defaultMerchant).currency;
    return {
      deposit: { ...this.channelDto(row, currency, 'deposit'), enabled: row.deposit_enabled },
      withdraw: { ...this.channelDto(row, currency, 'withdraw'), enabled: row.withdraw_enabled },
    };
  }
}
