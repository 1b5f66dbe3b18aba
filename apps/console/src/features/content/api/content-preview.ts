import type { ContentLanguage } from '@sorte/shared/contracts/console-content';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import type { BannerMerchantCode } from './banners';

export type PreviewRequest = {
  merchantCode: BannerMerchantCode;
  language: ContentLanguage;
  /** formatted: sanitised HTML with the merchant's setting quotes filled; plain: text only. */
  format: 'formatted' | 'plain';
  title: string;
  content: string;
};
export type PreviewText = { title: string; content: string };

/** What the site would show for these texts: the server's own sanitiser, nothing stored. */
export function useContentPreview() {
  return useMutation({
    mutationFn: (request: PreviewRequest) =>
      callApi<PreviewText>('/ops/console/content/preview', { method: 'POST', body: request }),
  });
}
