import {
  type BindPayeeBody,
  checkPixKey,
  isValidClabe,
  normaliseBdWallet,
  normaliseClabe,
  type PayeeAccount,
  type PayeeAccountType,
  type PaymentChannelCode,
  type PixKeyType,
  payeeAccountLimit,
  payeeTypesByChannel,
  type UpdatePayeeBody,
} from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import type { SessionMember } from '../auth/auth.service';
import { maskAccount } from './masking';
import { type PaymentChannels, paymentMerchantOf } from './payment-channels';
import type { PaymentPassword } from './payment-password';
import { iso } from './payment-rules';
import type { PayeeRow, PaymentsRepository } from './payments.repository';

/**
 * The member's payee accounts (where withdrawals are paid): bound, changed and unbound with the
 * payment password; an account a provider has paid into is confirmed and never changes again.
 */
export class PayeesService {
  constructor(
    private readonly repository: PaymentsRepository,
    private readonly channels: PaymentChannels,
    private readonly password: PaymentPassword,
  ) {}

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
    paymentMerchantOf(member);
    const rows = await this.repository.payees(member.id);
    return {
      accounts: rows.map((r) => this.payeeDto(r)),
      hasPaymentPassword: (await this.repository.paymentPasswordHash(member.id)) !== null,
      limit: payeeAccountLimit,
    };
  }

  async bindPayee(member: SessionMember, body: BindPayeeBody): Promise<PayeeAccount> {
    const merchant = paymentMerchantOf(member);
    await this.channels.usable(merchant, body.channel, 'withdraw');
    const value = this.normaliseAccount(body.channel, body.type, body.value);
    await this.password.check(member.id, body.paymentPassword, true);
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
    paymentMerchantOf(member);
    const current = await this.ownPayee(member, id);
    const value = this.normaliseAccount(current.channel, body.type, body.value);
    await this.password.check(member.id, body.paymentPassword, false);
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
    paymentMerchantOf(member);
    await this.ownPayee(member, id);
    await this.password.check(member.id, paymentPassword, false);
    this.changeOutcome(await this.repository.changePayee({ id, memberId: member.id, action: 'unbind' }));
  }
}
