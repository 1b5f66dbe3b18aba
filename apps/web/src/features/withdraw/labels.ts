import type { PaymentChannelCode, WithdrawalStatus } from '@sorte/shared';
import type { StatusTone } from '../../components/ui/status-pill';

export const channelNames: Record<PaymentChannelCode, string> = {
  PIX: 'PIX',
  SPEI: 'SPEI',
  BKASH: 'bKash',
  NAGAD: 'Nagad',
};

export const withdrawalTone: Record<WithdrawalStatus, StatusTone> = {
  locked: 'warning',
  approved: 'info',
  paid: 'success',
  rejected: 'danger',
};
