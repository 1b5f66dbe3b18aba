import type { FieldRule } from '@sorte/shared/patterns';
import { useQuery } from '@tanstack/react-query';
import { currentMerchant } from '../../../lib/merchant';
import { useApi } from '../../../lib/use-api';

/** The merchant's sign-up switches (spec section 3). */
export type Whitelabel = {
  USERNAMEREG3: boolean;
  MOBILENUMREG3: boolean;
  MOBILENUMPASSREG3: boolean;
  REGMOBVERF3: boolean;
  AGENTPOLICY3: boolean;
  FREEPLAY: boolean;
  PASSWORD_EXPIRY: boolean;
  SMS_LOGIN: boolean;
  MOBILE_PASSWORD_RECOVERY: boolean;
  /** The image captcha is asked for too, besides the proof of work, after a failed login. */
  LOGIN_IMAGE_CAPTCHA?: boolean;
};

export type RegisterSettings = { fields: Record<string, FieldRule>; minimumAge: number };

// Settings change rarely: one read per visit is enough.
const settingsOptions = { staleTime: 5 * 60_000 } as const;

export function useWhitelabel() {
  const api = useApi();
  const merchant = currentMerchant().merchantCode;
  return useQuery({
    queryKey: ['whitelabel', merchant],
    queryFn: ({ signal }) => api<Whitelabel>('/wps/system/whitelabel', { signal }),
    ...settingsOptions,
  });
}

export function useRegisterSettings() {
  const api = useApi();
  const merchant = currentMerchant().merchantCode;
  return useQuery({
    queryKey: ['register-settings', merchant],
    queryFn: ({ signal }) => api<RegisterSettings>('/wps/system/setting/register', { signal }),
    ...settingsOptions,
  });
}

export type SocialProvider = { channel: string; startUrl?: string | null; botName?: string | null };

/** Social sign-in channels; none while the server does not offer them (a failed read shows none). */
export function useSocialProviders() {
  const api = useApi();
  return useQuery({
    queryKey: ['social-providers', currentMerchant().merchantCode],
    queryFn: ({ signal }) => api<SocialProvider[]>('/wps/session/social/providers', { signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
