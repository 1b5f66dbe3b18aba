import type { operatorMerchantCodes } from '@sorte/shared/contracts/console';
import type {
  ConsoleChannel,
  MerchantSettings,
  UpdateMerchantSettingsBody,
} from '@sorte/shared/contracts/console-settings';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export type MerchantCode = (typeof operatorMerchantCodes)[number];

const settingsKey = ['merchant-settings'] as const;
const settingsPath = (merchantCode: MerchantCode) => `/ops/console/merchants/${merchantCode}/settings`;

const settingsQuery = (merchantCode: MerchantCode) => ({
  queryKey: [...settingsKey, merchantCode],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callApi<MerchantSettings>(settingsPath(merchantCode), { signal }),
});

export function useMerchantSettings(merchantCode: MerchantCode) {
  return useQuery(settingsQuery(merchantCode));
}

/** Several merchants' settings, for the overview (the same queries as one merchant's). */
export function useMerchantsSettings(merchantCodes: readonly MerchantCode[]) {
  return useQueries({ queries: merchantCodes.map(settingsQuery) });
}

/** Only what changed; the answer is the merchant's settings as saved. */
export function useSaveMerchantSettings(merchantCode: MerchantCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMerchantSettingsBody) =>
      callApi<MerchantSettings>(settingsPath(merchantCode), { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData([...settingsKey, merchantCode], saved),
  });
}

export type MaintenanceTexts = { title: string; info: string };

/**
 * The site's status, region and domains, through the operator calls that existed before the console
 * (PUT /ops/system/…): each answers nothing, so the settings are read again.
 */
export type SiteChange =
  | { kind: 'maintenance'; on: MaintenanceTexts | null }
  | { kind: 'region'; allowedCountries: string[] | null }
  | { kind: 'addDomain'; domain: string }
  | { kind: 'removeDomain'; domain: string };

export function useChangeSite(merchantCode: MerchantCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SiteChange) => {
      switch (change.kind) {
        case 'maintenance':
          return callApi<null>('/ops/system/maintenance', {
            method: 'PUT',
            body: {
              merchantCode,
              maintenance: change.on
                ? { title: { EN: change.on.title }, info: { EN: change.on.info } }
                : null,
            },
          });
        case 'region':
          return callApi<null>('/ops/system/region', {
            method: 'PUT',
            body: { merchantCode, allowedCountries: change.allowedCountries },
          });
        case 'addDomain':
          return callApi<null>('/ops/system/domains', {
            method: 'PUT',
            body: { merchantCode, domain: change.domain },
          });
        case 'removeDomain':
          return callApi<null>(`/ops/system/domains/${encodeURIComponent(change.domain)}`, {
            method: 'DELETE',
          });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKey }),
  });
}

const channelsKey = ['merchant-channels'] as const;

export function useMerchantChannels(merchantCode: MerchantCode) {
  return useQuery({
    queryKey: [...channelsKey, merchantCode],
    queryFn: ({ signal }) =>
      callApi<ConsoleChannel[]>(`/ops/console/merchants/${merchantCode}/channels`, { signal }),
  });
}

export type ChannelChange = {
  code: string;
  depositEnabled: boolean;
  depositMin: number;
  depositMax: number;
  withdrawEnabled: boolean;
  withdrawMin: number;
  withdrawMax: number;
};

/** PUT /ops/payments/channels/:merchantCode/:code (channels.write), the route the API always had. */
export function useSaveChannel(merchantCode: MerchantCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, ...body }: ChannelChange) =>
      callApi<unknown>(`/ops/payments/channels/${merchantCode}/${encodeURIComponent(code)}`, {
        method: 'PUT',
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelsKey }),
  });
}
