import type { PaymentChannelCode } from '@sorte/shared';

/** Brand names, the same in every language. */
export const channelNames: Record<PaymentChannelCode, string> = {
  PIX: 'PIX',
  SPEI: 'SPEI',
  BKASH: 'bKash',
  NAGAD: 'Nagad',
};

/** Status colours of a deposit order. */
export const depositTone = {
  pending: 'warning',
  paid: 'success',
  failed: 'danger',
  expired: 'neutral',
} as const;
