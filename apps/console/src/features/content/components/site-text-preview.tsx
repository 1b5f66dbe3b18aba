import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import type { ContentLanguage } from '@sorte/shared/contracts/console-content';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import type { BannerMerchantCode } from '../api/banners';
import { type PreviewText, useContentPreview } from '../api/content-preview';

type SiteTextPreviewProps = {
  merchantCode: BannerMerchantCode;
  language: ContentLanguage;
  format: 'formatted' | 'plain';
  title: string;
  content: string;
  /** Draws the server's answer the way the site's page does. */
  children: (shown: PreviewText) => ReactNode;
};

/**
 * Asks the server what the site would show for a title and content (its sanitiser, its setting
 * quotes), with loading and error states, and hands the answer to `children` to draw.
 */
export function SiteTextPreview({
  merchantCode,
  language,
  format,
  title,
  content,
  children,
}: SiteTextPreviewProps) {
  const { t } = useTranslation();
  const preview = useContentPreview();
  const { mutate } = preview;
  const ask = () => mutate({ merchantCode, language, format, title, content });

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again only when what is shown changes
  useEffect(ask, [merchantCode, language, format, title, content]);

  if (preview.isError)
    return (
      <Alert color="red" role="alert" title={t('siteContent.preview.failed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(preview.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={ask}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  if (!preview.data || preview.isPending)
    return (
      <Stack gap="xs" role="status" aria-label={t('common.loading')}>
        <Skeleton height={20} width="70%" />
        <Skeleton height={80} />
      </Stack>
    );
  return <>{children(preview.data)}</>;
}
