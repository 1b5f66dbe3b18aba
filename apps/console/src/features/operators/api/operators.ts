import type { OperatorRoleName, OperatorUser, operatorMerchantCodes } from '@sorte/shared/contracts/console';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, type Page } from '../../../lib/api';

export type OperatorMerchantCode = (typeof operatorMerchantCodes)[number];

const operatorsKey = ['operators'] as const;

export function useOperatorUsers(params: { pageNo: number; pageSize: number }) {
  return useQuery({
    queryKey: [...operatorsKey, 'list', params],
    queryFn: ({ signal }) => callApi<Page<OperatorUser>>('/ops/console/operators', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

export type NewOperator = {
  username: string;
  roles: OperatorRoleName[];
  merchantCode: OperatorMerchantCode | null;
};

export function useCreateOperatorUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewOperator) =>
      callApi<{ operator: OperatorUser; initialPassword: string }>('/ops/console/operators', {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsKey }),
  });
}

export type OperatorChange = {
  roles?: OperatorRoleName[];
  merchantCode?: OperatorMerchantCode | null;
  disabled?: boolean;
};

export function useUpdateOperatorUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ operatorId, change }: { operatorId: string; change: OperatorChange }) =>
      callApi<OperatorUser>(`/ops/console/operators/${encodeURIComponent(operatorId)}`, {
        method: 'PATCH',
        body: change,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsKey }),
  });
}
