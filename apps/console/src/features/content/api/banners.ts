import type { ConsoleBanner, operatorMerchantCodes } from '@sorte/shared/contracts/console';
import type { BannerGroup, LinkageType } from '@sorte/shared/contracts/content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api';
import { currentLanguage, i18n } from '../../../lib/i18n';

export type BannerMerchantCode = (typeof operatorMerchantCodes)[number];

const bannersKey = ['banners'] as const;

export type BannerFilter = { merchantCode: BannerMerchantCode | null; groupName: BannerGroup | null };

/** Every banner of the merchant and group asked (all of them when null), live or not. */
export function useConsoleBanners(filter: BannerFilter) {
  return useQuery({
    queryKey: [...bannersKey, 'list', filter],
    queryFn: ({ signal }) =>
      callApi<ConsoleBanner[]>('/ops/console/banners', {
        query: { merchantCode: filter.merchantCode, groupName: filter.groupName },
        signal,
      }),
  });
}

/** PUT /ops/console/banners: the same merchant and key changes the banner, else a new one. */
export type BannerDraft = {
  merchantCode: BannerMerchantCode;
  key: string;
  groupName: BannerGroup;
  /** EN required: the picture every other language falls back to. */
  imageUrls: Record<string, string>;
  linkageType: LinkageType;
  link: string | null;
  sort: number;
  startsAt: string | null;
  endsAt: string | null;
};

export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BannerDraft) =>
      callApi<ConsoleBanner>('/ops/console/banners', { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannersKey }),
  });
}

export function useRemoveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (banner: ConsoleBanner) =>
      callApi<null>(`/ops/console/banners/${encodeURIComponent(banner.id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannersKey }),
  });
}

export type UploadedPicture = { url: string; bytes: number };

/**
 * POST /ops/console/content/images with the file's own bytes as the body and its type as the
 * content-type (the server checks the bytes against it). Not JSON, so not through callApi.
 */
export async function uploadContentImage(file: File): Promise<UploadedPicture> {
  let response: Response;
  try {
    response = await fetch('/ops/console/content/images', {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'accept-language': currentLanguage(),
        'content-type': file.type,
      },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', i18n.t('errors.network'));
  }
  let envelope: { success?: boolean; code?: unknown; message?: unknown; value?: UploadedPicture } | null =
    null;
  try {
    envelope = await response.json();
  } catch {}
  if (response.ok && envelope?.success === true && envelope.value) return envelope.value;
  throw new ApiError(
    response.status,
    typeof envelope?.code === 'string' ? envelope.code : 'HTTP_ERROR',
    typeof envelope?.message === 'string' && envelope.message
      ? envelope.message
      : i18n.t('errors.unexpected', { status: response.status }),
  );
}

export function useUploadContentImage() {
  return useMutation({ mutationFn: uploadContentImage });
}
