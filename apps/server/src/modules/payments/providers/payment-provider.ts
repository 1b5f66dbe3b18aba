import type { Currency, DepositPayload, PaymentChannelCode } from '@sorte/shared';

/** Where a merchant receives payments (payment_merchant_settings). */
export type ReceivingAccounts = {
  pixKey: string | null;
  pixMerchantName: string | null;
  pixMerchantCity: string | null;
  speiClabe: string | null;
  speiBeneficiary: string | null;
  bkashNumber: string | null;
  nagadNumber: string | null;
};

export type DepositRequest = {
  /** The platform's public order number: PIX txid and wallet reference. */
  orderNo: string;
  channel: PaymentChannelCode;
  amount: bigint;
  currency: Currency;
  expiresAt: Date;
  receiving: ReceivingAccounts;
};

export type CreatedDeposit = {
  providerReference: string;
  /** What the member is shown to pay with. */
  payload: DepositPayload;
  /** What the payer quotes (txid, numeric reference, wallet reference). */
  reference: string;
  expiresAt: Date;
};

export type PayoutRequest = {
  /**
   * The payout's id, the provider's idempotency key: the withdrawal number, or for the second payout
   * of a settled dispute the withdrawal number + '-R' (withdrawal-disputes.service.ts).
   */
  withdrawalNo: string;
  channel: PaymentChannelCode;
  accountType: string;
  accountValue: string;
  holderName: string;
  amount: bigint;
  currency: Currency;
};

/** 'pending': the provider pays later and says so by webhook (the sandbox pays at once). */
export type PayoutResult = { providerReference: string; status: 'paid' | 'pending' | 'failed' };

export const providerEventTypes = ['payment.paid', 'payment.failed', 'payment.expired'] as const;
export type ProviderEventType = (typeof providerEventTypes)[number];

/** A webhook event after its signature has been checked. */
export type ProviderEvent = {
  eventId: string;
  type: ProviderEventType;
  orderNo: string;
  providerReference: string;
  amount: bigint;
  currency: string;
};

export type WebhookVerdict =
  | { ok: true; event: ProviderEvent }
  | { ok: false; reason: 'signature' | 'malformed' };

/**
 * A payment service provider, as the platform sees it. Implementations must be idempotent on the
 * platform's ids: createDeposit on the order number, payout on the withdrawal number, so that a
 * retry after a timeout finds the first attempt instead of paying twice.
 */
export type PaymentProvider = {
  readonly code: string;
  createDeposit(order: DepositRequest): Promise<CreatedDeposit>;
  payout(withdrawal: PayoutRequest): Promise<PayoutResult>;
  /** Checks a webhook's signature over the exact raw body, then reads it. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookVerdict;
};
