import { Box, Image, SegmentedControl, Stack, Text } from '@mantine/core';
import type { ContentLanguage } from '@sorte/shared/contracts/console-content';
import type { AnnouncementType, PopupExecution } from '@sorte/shared/contracts/content';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { BannerMerchantCode } from '../api/banners';
import type { LocalisedTexts } from '../content-rules';
import {
  PhoneFrame,
  SiteButton,
  SiteCard,
  SiteHtml,
  SiteMarquee,
  SiteMuted,
  SiteTitle,
} from './phone-preview';
import { SiteTextPreview } from './site-text-preview';

type AnnouncementPreviewProps = {
  merchantCode: BannerMerchantCode;
  type: AnnouncementType;
  execution: PopupExecution | null;
  texts: LocalisedTexts;
  /** Languages with a title (EN first): the ones the site can show. */
  languages: ContentLanguage[];
  language: ContentLanguage;
  onLanguageChange: (language: ContentLanguage) => void;
  images: string[];
  /** The date the site shows beside it. */
  publishedAt: string;
};

/**
 * The announcement as a player's phone shows it, from the server's preview call: the same
 * sanitising and setting quotes ({{minDeposit}}…) as the site's own read, in the chosen language.
 * A marquee notice is its title in the home page's strip, opening the notice; a popup has its OK; a
 * promotion leads with its first picture.
 */
export function AnnouncementPreview(props: AnnouncementPreviewProps) {
  const { t, i18n } = useTranslation();
  const { type, language } = props;
  const date = formatDateTime(props.publishedAt, i18n.language);

  return (
    <Stack gap="sm">
      {props.languages.length > 1 ? (
        <SegmentedControl
          aria-label={t('siteContent.preview.language')}
          value={language}
          onChange={(value) => props.onLanguageChange(value as ContentLanguage)}
          data={props.languages.map((code) => ({ value: code, label: code }))}
        />
      ) : null}
      <Text size="sm" c="dimmed">
        {t(`siteContent.preview.where.${type}`)}
        {type === 'PU' && props.execution
          ? ` ${t('siteContent.preview.audience', { audience: t(`siteContent.audiences.${props.execution}`) })}`
          : ''}
      </Text>
      <PhoneFrame label={t('siteContent.preview.frame', { language })}>
        <SiteTextPreview
          merchantCode={props.merchantCode}
          language={language}
          format="formatted"
          title={props.texts[language].title}
          content={props.texts[language].content}
        >
          {(shown) => (
            <Stack gap="sm">
              {type === 'B' ? <SiteMarquee text={shown.title} /> : null}
              <SiteCard>
                {type === 'PR' && props.images[0] ? (
                  <Image src={props.images[0]} alt="" w="100%" style={{ aspectRatio: '2 / 1' }} fit="cover" />
                ) : null}
                <Stack gap={6} p="md">
                  <SiteTitle>{shown.title}</SiteTitle>
                  {type === 'PU' ? null : <SiteMuted>{date}</SiteMuted>}
                  {shown.content ? <SiteHtml html={shown.content} /> : null}
                  {type === 'PU' ? (
                    <Box ta="center" mt="xs">
                      <SiteButton>{t('siteContent.preview.ok')}</SiteButton>
                    </Box>
                  ) : null}
                </Stack>
              </SiteCard>
            </Stack>
          )}
        </SiteTextPreview>
      </PhoneFrame>
    </Stack>
  );
}
