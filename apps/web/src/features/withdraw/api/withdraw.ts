import type {
  BindPayeeBody,
  CreateWithdrawalBody,
  PayeeAccount,
  PaymentChannel,
  UpdatePayeeBody,
  Withdrawal,
  WithdrawalConfirmationState,
} from '@sorte/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/use-api';
import { apiUpload } from './upload';

export const withdrawKeys = {
  all: ['withdraw'] as const,
  channels: ['withdraw', 'channels'] as const,
  payees: ['withdraw', 'payees'] as const,
  orders: (page: number) => ['withdraw', 'orders', page] as const,
  order: (id: string) => ['withdraw', 'order', id] as const,
};

export type PayeeAccounts = { accounts: PayeeAccount[]; hasPaymentPassword: boolean; limit: number };
export type WithdrawalPage = { content: Withdrawal[]; pageNum: number; totalPages: number; total: number };

export function useWithdrawChannels() {
  const api = useApi();
  return useQuery({
    queryKey: withdrawKeys.channels,
    queryFn: ({ signal }) =>
      api<{ currency: string; channels: PaymentChannel[] }>('/wps/relay/withdraw/channels', { signal }),
  });
}

/** GET /wps/relay/payeeAccounts: bound accounts, and whether a payment password is set yet. */
export function usePayeeAccounts(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: withdrawKeys.payees,
    enabled,
    queryFn: ({ signal }) => api<PayeeAccounts>('/wps/relay/payeeAccounts', { signal }),
  });
}

export function useBindPayee() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BindPayeeBody) =>
      api<PayeeAccount>('/wps/relay/payeeAccounts', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: withdrawKeys.payees }),
  });
}

export function useUpdatePayee() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePayeeBody }) =>
      api<PayeeAccount>(`/wps/relay/payeeAccounts/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    onSettled: () => client.invalidateQueries({ queryKey: withdrawKeys.payees }),
  });
}

export function useUnbindPayee() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paymentPassword }: { id: string; paymentPassword: string }) =>
      api(`/wps/relay/payeeAccounts/${encodeURIComponent(id)}/unbind`, {
        method: 'POST',
        body: { paymentPassword },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: withdrawKeys.payees }),
  });
}

/** POST /wps/relay/withdraw: locks the amount at once; an operator then approves or rejects. */
export function useCreateWithdrawal() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWithdrawalBody) =>
      api<Withdrawal>('/wps/relay/withdraw', { method: 'POST', body }),
    onSuccess: (withdrawal) => {
      client.setQueryData(withdrawKeys.order(withdrawal.withdrawalId), withdrawal);
      void client.invalidateQueries({ queryKey: ['withdraw', 'orders'] });
      // The balance shown everywhere: the cash went to "held for withdrawals".
      void client.invalidateQueries({ queryKey: ['wallet'] });
      void client.invalidateQueries({ queryKey: ['member-info'] });
    },
  });
}

export function useWithdrawals(page: number, pageSize = 10) {
  const api = useApi();
  return useQuery({
    queryKey: withdrawKeys.orders(page),
    queryFn: ({ signal }) =>
      api<WithdrawalPage>(`/wps/relay/withdraw/orders?pageNo=${page}&pageSize=${pageSize}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function useWithdrawal(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: withdrawKeys.order(id),
    queryFn: ({ signal }) =>
      api<Withdrawal>(`/wps/relay/withdraw/orders/${encodeURIComponent(id)}`, { signal }),
  });
}

export type ConfirmationInput = {
  state: WithdrawalConfirmationState;
  receivedAmount?: number | undefined;
  proofs: File[];
};

/**
 * POST …/confirmation: JSON when there is nothing to upload, multipart with the proof images
 * otherwise (fields first, then the files, as the server reads them).
 */
export function useConfirmWithdrawal(id: string) {
  const api = useApi();
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const path = `/wps/relay/withdraw/orders/${encodeURIComponent(id)}/confirmation`;
  return useMutation({
    mutationFn: ({ state, receivedAmount, proofs }: ConfirmationInput) => {
      if (proofs.length === 0)
        return api<Withdrawal>(path, {
          method: 'POST',
          body: { state, ...(receivedAmount === undefined ? {} : { receivedAmount }) },
        });
      const form = new FormData();
      form.append('state', state);
      if (receivedAmount !== undefined) form.append('receivedAmount', String(receivedAmount));
      for (const file of proofs) form.append('proofs', file, file.name);
      return apiUpload<Withdrawal>(path, form, i18n.language);
    },
    onSuccess: (withdrawal) => {
      client.setQueryData(withdrawKeys.order(id), withdrawal);
      void client.invalidateQueries({ queryKey: ['withdraw', 'orders'] });
    },
  });
}
