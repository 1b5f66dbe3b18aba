import type {
  ConsoleVendor,
  ConsoleVendorSorting,
  ConsoleVendorSortingEntry,
  ConsoleWalletVendor,
} from '@sorte/shared/contracts/console-games';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import type { MerchantCode } from './games';

const vendorsKey = ['vendors'] as const;

export function useConsoleVendors() {
  return useQuery({
    queryKey: [...vendorsKey, 'catalogue'],
    queryFn: ({ signal }) => callApi<ConsoleVendor[]>('/ops/console/vendors', { signal }),
  });
}

/** On or off, in maintenance or not, for every merchant. Games and menus are read again. */
export function useChangeVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { vassalage: string; enabled?: boolean; maintenance?: boolean }) =>
      callApi<ConsoleVendor>(`/ops/console/vendors/${encodeURIComponent(change.vassalage)}`, {
        method: 'PATCH',
        body: { enabled: change.enabled, maintenance: change.maintenance },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: vendorsKey });
      void queryClient.invalidateQueries({ queryKey: ['games'] });
    },
  });
}

const menuPath = (merchantCode: MerchantCode) => `/ops/console/vendor-sorting/${merchantCode}`;

export function useVendorMenu(merchantCode: MerchantCode) {
  return useQuery({
    queryKey: [...vendorsKey, 'menu', merchantCode],
    queryFn: ({ signal }) => callApi<ConsoleVendorSorting>(menuPath(merchantCode), { signal }),
  });
}

/** The merchant's whole menu in its new order: the answer is the list as saved. */
export function useSaveVendorMenu(merchantCode: MerchantCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entries: ConsoleVendorSortingEntry[]) =>
      callApi<ConsoleVendorSorting>(menuPath(merchantCode), { method: 'PUT', body: { entries } }),
    onSuccess: (saved) => queryClient.setQueryData([...vendorsKey, 'menu', merchantCode], saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['games'] }),
  });
}

export function useWalletVendors() {
  return useQuery({
    queryKey: [...vendorsKey, 'wallet'],
    queryFn: ({ signal }) => callApi<ConsoleWalletVendor[]>('/ops/console/wallet-vendors', { signal }),
  });
}

export type RotatedSecret = { vendor: ConsoleWalletVendor; secret: string };

export function useRotateWalletSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { code: string; overlapHours: number }) =>
      callApi<RotatedSecret>(`/ops/console/wallet-vendors/${encodeURIComponent(change.code)}/secret`, {
        method: 'POST',
        body: { overlapHours: change.overlapHours },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...vendorsKey, 'wallet'] }),
  });
}

export type PurgeResult = { deleted: number; cutoff: string };

/** The 4-month retention purge of vendor transaction records, now (it also runs every day). */
export function usePurgeVendorTransactions() {
  return useMutation({
    mutationFn: () => callApi<PurgeResult>('/ops/vendors/transactions/purge', { method: 'POST' }),
  });
}
