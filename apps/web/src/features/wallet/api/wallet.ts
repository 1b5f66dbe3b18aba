import type {
  MemberTransferResult,
  TransferToUplineBody,
  VendorWallets,
  WalletBalance,
  WalletTransferBody,
  WalletTransferResult,
} from '@sorte/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionSnapshot } from '../../../lib/session-store';
import { useApi } from '../../../lib/use-api';

export const walletKeys = {
  all: ['wallet'] as const,
  balance: ['wallet', 'balance'] as const,
  merchant: ['wallet', 'merchant'] as const,
  vendors: ['wallet', 'vendors'] as const,
};

/** GET /wps/v2/wallets/balance: cash, bonus and the amount held for withdrawals in progress. */
export function useWalletBalance(enabled = true) {
  const api = useApi();
  const { token } = useSessionSnapshot();
  return useQuery({
    queryKey: walletKeys.balance,
    enabled: enabled && Boolean(token),
    queryFn: ({ signal }) => api<WalletBalance>('/wps/v2/wallets/balance', { signal }),
  });
}

/** GET /wps/relay/merchantWallet: single wallet or transfer wallets (cached, spec section 7). */
export function useMerchantWallet(enabled = true) {
  const api = useApi();
  const { token } = useSessionSnapshot();
  return useQuery({
    queryKey: walletKeys.merchant,
    enabled: enabled && Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: ({ signal }) => api<{ isSingle: boolean }>('/wps/relay/merchantWallet', { signal }),
  });
}

export function useVendorWallets() {
  const api = useApi();
  return useQuery({
    queryKey: walletKeys.vendors,
    queryFn: ({ signal }) => api<VendorWallets>('/wps/relay/vendorWallets', { signal }),
  });
}

export function useWalletTransfer() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WalletTransferBody) =>
      api<WalletTransferResult>('/wps/relay/walletTransfer', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

export function useTransferToUpline() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferToUplineBody) =>
      api<MemberTransferResult>('/wps/relay/transferToUpline', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
