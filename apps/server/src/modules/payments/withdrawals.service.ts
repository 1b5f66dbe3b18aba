import {
  type CreateWithdrawalBody,
  type Currency,
  formatMinor,
  proofMaxBytes,
  proofMaxFiles,
  type Withdrawal,
  type WithdrawalConfirmationFields,
  type WithdrawalConfirmationState,
} from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import { toSafeNumber } from '../../lib/bigint';
import type { RealtimeHub } from '../../plugins/realtime';
import type { SessionMember } from '../auth/auth.service';
import type { LedgerService } from '../ledger/ledger.service';
import { maskAccount } from './masking';
import { checkRange, type PaymentChannels, paymentMerchantOf } from './payment-channels';
import type { PaymentPassword } from './payment-password';
import { iso, newPublicId, pageOf } from './payment-rules';
import type { PaymentsRepository, WithdrawalRow } from './payments.repository';
import { type ProofStore, type StoredProof, sniffImageType } from './proofs';

type UploadedFile = { bytes: Buffer };

/**
 * The member's side of two-phase withdrawals: the request locks the amount (cash → locked in one
 * statement of 0012_payments.sql), then, once paid, the member confirms what arrived.
 */
export class WithdrawalsService {
  constructor(
    private readonly repository: PaymentsRepository,
    private readonly channels: PaymentChannels,
    private readonly password: PaymentPassword,
    private readonly ledger: LedgerService,
    private readonly realtime: RealtimeHub,
    private readonly proofs: ProofStore,
  ) {}

  private allowedConfirmations(row: WithdrawalRow, now = Date.now()): WithdrawalConfirmationState[] {
    // An operator settled the dispute: the member's word on it is closed (the settlement message says
    // what was done), so the confirmation cannot change under a settlement already paid.
    if (row.status !== 'paid' || row.dispute_resolution !== null) return [];
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

  /** The live event of a withdrawal's new state, to its member. */
  publish(row: Pick<WithdrawalRow, 'member_id' | 'withdrawal_no' | 'status' | 'confirmation'>) {
    return this.realtime.publish(row.member_id, {
      type: 'withdrawal',
      withdrawalId: row.withdrawal_no,
      status: row.status,
      confirmation: row.confirmation,
    });
  }

  async createWithdrawal(member: SessionMember, body: CreateWithdrawalBody): Promise<Withdrawal> {
    const merchant = paymentMerchantOf(member);
    const payee = await this.repository.payee(member.id, BigInt(body.payeeAccountId));
    if (!payee) throw new AppError(404, 'NOT_FOUND');
    const channel = await this.channels.usable(merchant, payee.channel, 'withdraw');
    const amount = BigInt(body.amount);
    checkRange(amount, channel.withdraw_min, channel.withdraw_max, merchant.currency);
    await this.password.check(member.id, body.paymentPassword, false);
    const accounts = await this.ledger.openAccounts(member.id.toString(), merchant.currency);
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
      this.ledger.announce([accounts.cash, accounts.locked]);
      await this.publish(row);
    }
    return this.withdrawalDto(row);
  }

  /** Paid withdrawals unconfirmed past their deadline become auto_received (job, and on every read). */
  async autoReceive(memberId: bigint | null = null): Promise<number> {
    const rows = await this.repository.autoReceive(memberId);
    for (const row of rows) await this.publish({ ...row, status: 'paid', confirmation: 'auto_received' });
    return rows.length;
  }

  async getWithdrawal(member: SessionMember, withdrawalNo: string): Promise<Withdrawal> {
    paymentMerchantOf(member);
    await this.autoReceive(member.id);
    const row = await this.repository.memberWithdrawal(member.id, withdrawalNo);
    if (!row) throw new AppError(404, 'NOT_FOUND');
    return this.withdrawalDto(row);
  }

  async listWithdrawals(member: SessionMember, pageNo: number, pageSize: number) {
    paymentMerchantOf(member);
    await this.autoReceive(member.id);
    const { rows, total } = await this.repository.withdrawalPage(
      { memberId: member.id },
      (pageNo - 1) * pageSize,
      pageSize,
    );
    return pageOf(
      rows.map((r) => this.withdrawalDto(r)),
      pageNo,
      pageSize,
      total,
    );
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
    paymentMerchantOf(member);
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
    const stored: StoredProof[] = await this.proofs.save(images);
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
      await this.proofs.remove(stored);
      throw new AppError(409, 'CONFIRMATION_NOT_ALLOWED', {}, { field: 'state' });
    }
    const updated = (await this.repository.withdrawalById(row.id)) as WithdrawalRow;
    await this.publish(updated);
    return this.withdrawalDto(updated);
  }
}
