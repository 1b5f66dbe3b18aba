import type {
  ConsoleMaintenancePage,
  ConsoleMaintenanceText,
  ContentLanguage,
} from '@sorte/shared/contracts/console-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import type { BannerMerchantCode } from './banners';

const maintenanceKey = ['maintenance-texts'] as const;

/** Each merchant's maintenance page texts (only the operator's merchant when limited). */
export function useMaintenancePages(merchantCode: BannerMerchantCode | null) {
  return useQuery({
    queryKey: [...maintenanceKey, merchantCode],
    queryFn: ({ signal }) =>
      callApi<ConsoleMaintenancePage[]>('/ops/console/maintenance-texts', {
        query: { merchantCode },
        signal,
      }),
  });
}

export type MaintenanceTextDraft = {
  merchantCode: BannerMerchantCode;
  language: ContentLanguage;
  title: string;
  info: string;
};

export function useSaveMaintenanceText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: MaintenanceTextDraft) =>
      callApi<ConsoleMaintenanceText>('/ops/console/maintenance-texts', { method: 'PUT', body: draft }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceKey }),
  });
}

export function useRemoveMaintenanceText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ merchantCode, language }: { merchantCode: string; language: string }) =>
      callApi<null>(
        `/ops/console/maintenance-texts/${encodeURIComponent(merchantCode)}/${encodeURIComponent(language)}`,
        { method: 'DELETE' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceKey }),
  });
}
