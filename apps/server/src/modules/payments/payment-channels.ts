import {
  type Currency,
  formatMinor,
  type Merchant,
  memberTypes,
  merchantByCode,
  type PaymentChannel,
  payeeTypesByChannel,
} from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import { toSafeNumber } from '../../lib/bigint';
import type { SessionMember } from '../auth/auth.service';
import type { ChannelRow, PaymentsRepository } from './payments.repository';

type ChannelKind = 'deposit' | 'withdraw';

/** The member's merchant; trial members never move real money. */
export function paymentMerchantOf(member: SessionMember): Merchant {
  if (member.type === memberTypes.trial) throw new AppError(403, 'TRIAL_NOT_ALLOWED');
  return merchantByCode(member.merchant_code);
}

/** An amount outside the channel's limits is refused, naming the limits in the member's currency. */
export function checkRange(amount: bigint, min: bigint, max: bigint, currency: Currency): void {
  if (amount < min || amount > max)
    throw new AppError(
      400,
      'AMOUNT_OUT_OF_RANGE',
      { min: formatMinor(min, currency), max: formatMinor(max, currency) },
      { field: 'amount' },
    );
}

/** A merchant's deposit and withdrawal channels: what members see, and the operator's limits. */
export class PaymentChannels {
  constructor(private readonly repository: PaymentsRepository) {}

  private dto(row: ChannelRow, currency: Currency, kind: ChannelKind): PaymentChannel {
    return {
      code: row.code,
      currency,
      minAmount: toSafeNumber(kind === 'deposit' ? row.deposit_min : row.withdraw_min),
      maxAmount: toSafeNumber(kind === 'deposit' ? row.deposit_max : row.withdraw_max),
      accountTypes: [...payeeTypesByChannel[row.code]],
    };
  }

  async channels(member: SessionMember, kind: ChannelKind) {
    const merchant = paymentMerchantOf(member);
    const rows = await this.repository.channels(merchant.merchantCode);
    return {
      currency: merchant.currency,
      channels: rows
        .filter((r) => (kind === 'deposit' ? r.deposit_enabled : r.withdraw_enabled))
        .map((r) => this.dto(r, merchant.currency, kind)),
    };
  }

  /**
   * The lowest minimum deposit and withdrawal among the merchant's open channels (null when none is
   * open): what lobby texts quote as "the minimum deposit", so they never disagree with the form.
   */
  async lowestMinimums(
    merchantCode: string,
  ): Promise<{ minDeposit: bigint | null; minWithdrawal: bigint | null }> {
    const rows = await this.repository.channels(merchantCode);
    const lowest = (values: bigint[]) =>
      values.reduce<bigint | null>((a, b) => (a === null || b < a ? b : a), null);
    return {
      minDeposit: lowest(rows.filter((r) => r.deposit_enabled).map((r) => r.deposit_min)),
      minWithdrawal: lowest(rows.filter((r) => r.withdraw_enabled).map((r) => r.withdraw_min)),
    };
  }

  /** The channel if the merchant has it open for this kind of payment; a 400 naming it otherwise. */
  async usable(merchant: Merchant, code: string, kind: ChannelKind): Promise<ChannelRow> {
    const channel = await this.repository.channel(merchant.merchantCode, code);
    if (!channel || !(kind === 'deposit' ? channel.deposit_enabled : channel.withdraw_enabled))
      throw new AppError(400, 'PAYMENT_CHANNEL_UNAVAILABLE', {}, { field: 'channel' });
    return channel;
  }

  /** The operator's change of a channel's switches and limits (a max below its min is refused). */
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
    const currency = merchantByCode(merchantCode).currency;
    const minimum = (min: bigint) => ({ min: formatMinor(min, currency) });
    if (next.deposit_max < next.deposit_min)
      throw AppError.field('depositMax', 'console-settings:maxBelowMin', minimum(next.deposit_min));
    if (next.withdraw_max < next.withdraw_min)
      throw AppError.field('withdrawMax', 'console-settings:maxBelowMin', minimum(next.withdraw_min));
    const row = (await this.repository.updateChannel(merchantCode, code, {
      ...next,
      deposit_enabled: patch.depositEnabled ?? current.deposit_enabled,
      withdraw_enabled: patch.withdrawEnabled ?? current.withdraw_enabled,
    })) as ChannelRow;
    return {
      deposit: { ...this.dto(row, currency, 'deposit'), enabled: row.deposit_enabled },
      withdraw: { ...this.dto(row, currency, 'withdraw'), enabled: row.withdraw_enabled },
    };
  }
}
