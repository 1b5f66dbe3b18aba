import { Box, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { BannerGroup, LinkageType } from '@sorte/shared/contracts/content';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLinkUsable } from '../banner-rules';

type BannerPreviewProps = {
  bannerKey: string;
  groupName: BannerGroup;
  imageUrls: Record<string, string>;
  linkageType: LinkageType;
  link: string;
  windowText: string;
};

/**
 * The banner as the site's home carousel draws it: the picture across the whole width at 3:1,
 * cropped to cover (the web app's .bannerImage), then where a click leads and when it shows.
 */
export function BannerPreview({
  bannerKey,
  groupName,
  imageUrls,
  linkageType,
  link,
  windowText,
}: BannerPreviewProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const languages = Object.keys(imageUrls);
  const [chosen, setChosen] = useState('EN');
  const lang = imageUrls[chosen] ? chosen : 'EN';
  const url = imageUrls[lang];
  const linkText = linkageType !== 'NONE' && isLinkUsable(linkageType, link) ? link.trim() : '';

  return (
    <Paper component="section" withBorder p="sm" radius="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <div>
          <Title order={3} size="h5" id={headingId}>
            {t('banners.preview')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('banners.previewText')}
          </Text>
        </div>
        {languages.length > 1 ? (
          <SegmentedControl
            size="xs"
            aria-label={t('banners.previewLanguage')}
            value={lang}
            onChange={setChosen}
            data={languages.map((code) => ({ value: code, label: code }))}
          />
        ) : null}
        {url ? (
          <Box
            style={{
              borderRadius: 'var(--mantine-radius-lg)',
              overflow: 'hidden',
              background: 'var(--mantine-color-default-hover)',
            }}
          >
            <img
              src={url}
              alt={t('banners.pictureAlt', { key: bannerKey || '…', lang })}
              width="1200"
              height="400"
              style={{
                display: 'block',
                width: '100%',
                height: 'auto',
                aspectRatio: '3 / 1',
                objectFit: 'cover',
              }}
            />
          </Box>
        ) : (
          <Box
            style={{
              aspectRatio: '3 / 1',
              borderRadius: 'var(--mantine-radius-lg)',
              border: '1px dashed var(--mantine-color-default-border)',
              display: 'grid',
              placeItems: 'center',
              padding: 'var(--mantine-spacing-sm)',
            }}
          >
            <Text size="sm" c="dimmed" ta="center">
              {t('banners.previewEmpty')}
            </Text>
          </Box>
        )}
        <Text size="sm">
          {linkText
            ? t(`banners.describeLink.${linkageType}`, { link: linkText })
            : t('banners.describeLink.NONE')}
        </Text>
        <Text size="sm" c="dimmed">
          {windowText} · {t('banners.previewGroup', { group: t(`banners.groups.${groupName}`) })}
        </Text>
      </Stack>
    </Paper>
  );
}
