import { Badge, Stack, Tabs, TextInput } from '@mantine/core';
import type { ContentLanguage } from '@sorte/shared/contracts/console-content';
import { useTranslation } from 'react-i18next';
import {
  type AnnouncementProblem,
  CONTENT_BODY_MAX,
  CONTENT_TITLE_MAX,
  contentLanguages,
  type LocalisedTexts,
} from '../content-rules';
import { FormattedTextarea } from './formatted-textarea';

type LocalisedTextsInputProps = {
  texts: LocalisedTexts;
  /** Shown once the operator tried to go on. */
  problems: AnnouncementProblem[];
  language: ContentLanguage;
  onLanguageChange: (language: ContentLanguage) => void;
  onChange: (language: ContentLanguage, text: { title: string; content: string }) => void;
};

/**
 * A title and formatted content per site language, a tab each: EN is required (every other
 * language falls back to it); a language left empty shows EN's texts.
 */
export function LocalisedTextsInput({
  texts,
  problems,
  language,
  onLanguageChange,
  onChange,
}: LocalisedTextsInputProps) {
  const { t } = useTranslation();
  const problemOf = (field: 'title' | 'content', lang: ContentLanguage) =>
    problems.find((p) => p.field === field && 'lang' in p && p.lang === lang);

  return (
    <Tabs
      value={language}
      onChange={(value) => value && onLanguageChange(value as ContentLanguage)}
      keepMounted={false}
    >
      <Tabs.List aria-label={t('siteContent.texts.languages')}>
        {contentLanguages.map((lang) => {
          const hasText = texts[lang].title.trim() !== '';
          const isWrong = problems.some((p) => 'lang' in p && p.lang === lang);
          return (
            <Tabs.Tab
              key={lang}
              value={lang}
              rightSection={
                isWrong ? (
                  <Badge
                    size="xs"
                    color="red"
                    variant="filled"
                    aria-label={t('siteContent.texts.hasProblem')}
                  >
                    !
                  </Badge>
                ) : hasText ? (
                  <Badge size="xs" variant="light" aria-label={t('siteContent.texts.written')}>
                    ✓
                  </Badge>
                ) : null
              }
            >
              {lang}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {contentLanguages.map((lang) => {
        const titleProblem = problemOf('title', lang);
        const contentProblem = problemOf('content', lang);
        const language = t(`banners.languages.${lang}`);
        return (
          <Tabs.Panel key={lang} value={lang} pt="sm">
            <Stack gap="sm">
              <TextInput
                label={t('siteContent.texts.title', { lang })}
                description={
                  lang === 'EN'
                    ? t('siteContent.texts.titleEnHint')
                    : t('siteContent.texts.titleHint', { language })
                }
                required={lang === 'EN'}
                maxLength={CONTENT_TITLE_MAX}
                value={texts[lang].title}
                onChange={(event) => onChange(lang, { ...texts[lang], title: event.currentTarget.value })}
                error={
                  titleProblem && 'reason' in titleProblem
                    ? titleProblem.reason === 'long'
                      ? t('siteContent.texts.titleLong', { max: CONTENT_TITLE_MAX })
                      : lang === 'EN'
                        ? t('siteContent.texts.titleEnMissing')
                        : t('siteContent.texts.titleMissing', { lang })
                    : undefined
                }
              />
              <FormattedTextarea
                label={t('siteContent.texts.content', { lang })}
                value={texts[lang].content}
                maxLength={CONTENT_BODY_MAX}
                error={
                  contentProblem ? t('siteContent.texts.contentLong', { max: CONTENT_BODY_MAX }) : undefined
                }
                onChange={(content) => onChange(lang, { ...texts[lang], content })}
              />
            </Stack>
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}
