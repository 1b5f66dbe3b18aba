import type { CreateDepositBody, DepositOrder, PaymentChannel } from '@sorte/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/use-api';

export const depositKeys = {
  all: ['deposit'] as const,
  channels: ['deposit', 'channels'] as const,
  order: (orderId: string) => ['deposit', 'order', orderId] as const,
  orders: (page: number) => ['deposit', 'orders', page] as const,
  // Outside ['deposit']: live deposit events must not probe again.
  sandbox: ['sandbox-payments'] as const,
};

export type DepositChannels = { currency: string; channels: PaymentChannel[] };
export type DepositOrderPage = {
  content: DepositOrder[];
  pageNum: number;
  totalPages: number;
  total: number;
};

/** GET /wps/relay/deposit/channels: the merchant's channels with their bounds. */
export function useDepositChannels() {
  const api = useApi();
  return useQuery({
    queryKey: depositKeys.channels,
    queryFn: ({ signal }) => api<DepositChannels>('/wps/relay/deposit/channels', { signal }),
  });
}

/** POST /wps/relay/deposit: a pending order with what the payer needs. */
export function useCreateDeposit() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDepositBody) =>
      api<DepositOrder>('/wps/relay/deposit', { method: 'POST', body }),
    onSuccess: (order) => {
      client.setQueryData(depositKeys.order(order.orderId), order);
      void client.invalidateQueries({ queryKey: ['deposit', 'orders'] });
    },
  });
}

/** One order. While pending it is re-read now and then, in case a live event was missed. */
export function useDepositOrder(orderId: string) {
  const api = useApi();
  return useQuery({
    queryKey: depositKeys.order(orderId),
    queryFn: ({ signal }) =>
      api<DepositOrder>(`/wps/relay/deposit/orders/${encodeURIComponent(orderId)}`, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 20_000 : false),
  });
}

export function useDepositOrders(page: number, pageSize = 5) {
  const api = useApi();
  return useQuery({
    queryKey: depositKeys.orders(page),
    queryFn: ({ signal }) =>
      api<DepositOrderPage>(`/wps/relay/deposit/orders?pageNo=${page}&pageSize=${pageSize}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

/**
 * Whether the server runs the sandbox payer (development only). Asked once with an action the route
 * refuses: a 400 means the route exists, a 404 that it does not. Nothing is paid by asking.
 */
export function useSandboxAvailable(orderId: string) {
  const api = useApi();
  return useQuery({
    queryKey: depositKeys.sandbox,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async () => {
      try {
        await api(`/dev/sandbox-payments/${encodeURIComponent(orderId)}/probe`, { method: 'POST' });
        return true;
      } catch (error) {
        return error instanceof ApiError && error.status === 400;
      }
    },
  });
}

export type SandboxAction = 'pay' | 'fail' | 'expire';

/** POST /dev/sandbox-payments/:orderId/:action: the sandbox provider settles the order (dev only). */
export function useSandboxAction(orderId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: SandboxAction) =>
      api(`/dev/sandbox-payments/${encodeURIComponent(orderId)}/${action}`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: depositKeys.order(orderId) }),
  });
}
