import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ConsoleHelpArticle } from '@sorte/shared/contracts/console-content';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import type { HelpArticleDraft, HelpCentreParams } from '../api/help-articles';
import { CONTENT_BODY_MAX, CONTENT_TITLE_MAX, categoryKeyOf, isCategoryKey } from '../content-rules';
import { FormattedTextarea } from './formatted-textarea';
import { PhoneFrame, SiteCard, SiteHtml, SiteMuted, SiteTitle } from './phone-preview';
import { SiteTextPreview } from './site-text-preview';

const newCategory = '+new';

export type HelpCategory = { key: string; title: string };

type HelpArticleFormProps = {
  centre: HelpCentreParams;
  /** Editing: the article's language stays (a translation is an article of that language). */
  article?: ConsoleHelpArticle;
  /** The help centre's categories in this language, in order. */
  categories: HelpCategory[];
  isSubmitting: boolean;
  error: unknown;
  onSubmit: (draft: HelpArticleDraft) => void;
  onCancel: () => void;
};

/**
 * A help article in two steps: its category (one of the language's, or a new one), its title and
 * formatted content; then the phone preview from the server, and Publish.
 */
export function HelpArticleForm({
  centre,
  article,
  categories,
  isSubmitting,
  error,
  onSubmit,
  onCancel,
}: HelpArticleFormProps) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState(article?.category ?? categories[0]?.key ?? newCategory);
  const isNewCategory = choice === newCategory;
  const chosen = categories.find((category) => category.key === choice);
  const [categoryTitle, setCategoryTitle] = useState(article?.categoryTitle ?? chosen?.title ?? '');
  const [categoryKey, setCategoryKey] = useState('');
  const [isKeyEdited, setIsKeyEdited] = useState(false);
  const [title, setTitle] = useState(article?.title ?? '');
  const [content, setContent] = useState(article?.content ?? '');
  const [touched, setTouched] = useState(false);
  const [step, setStep] = useState<'edit' | 'preview'>('edit');

  const key = isNewCategory ? (isKeyEdited ? categoryKey : categoryKeyOf(categoryTitle)) : choice;
  const problems = {
    categoryTitle: !categoryTitle.trim() || categoryTitle.length > 80,
    categoryKey: isNewCategory && (!isCategoryKey(key) || categories.some((c) => c.key === key)),
    title: !title.trim(),
    content: !content.trim(),
  };
  const isValid = !Object.values(problems).some(Boolean);
  const draft: HelpArticleDraft = {
    category: key,
    categoryTitle: categoryTitle.trim(),
    title: title.trim(),
    content: content.trim(),
  };

  const choose = (value: string | null) => {
    if (!value) return;
    setChoice(value);
    setCategoryTitle(categories.find((category) => category.key === value)?.title ?? '');
  };

  const toPreview = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (isValid) setStep('preview');
  };

  if (step === 'preview')
    return (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('siteContent.help.previewWhere')}
        </Text>
        <PhoneFrame label={t('siteContent.preview.frame', { language: centre.language })}>
          <SiteTextPreview
            merchantCode={centre.merchantCode}
            language={centre.language}
            format="formatted"
            title={draft.title}
            content={draft.content}
          >
            {(shown) => (
              <Stack gap="sm">
                <SiteMuted>{draft.categoryTitle}</SiteMuted>
                <SiteCard>
                  <Stack gap={6} p="md">
                    <SiteTitle>{shown.title}</SiteTitle>
                    <SiteHtml html={shown.content} />
                  </Stack>
                </SiteCard>
              </Stack>
            )}
          </SiteTextPreview>
        </PhoneFrame>
        {error ? (
          <Alert color="red" role="alert">
            {errorMessage(error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setStep('edit')} disabled={isSubmitting}>
            {t('siteContent.backToEdit')}
          </Button>
          <Button onClick={() => onSubmit(draft)} loading={isSubmitting} data-autofocus>
            {t('siteContent.publish')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form onSubmit={toPreview} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('siteContent.help.formScope', {
            merchant: t(`merchants.${centre.merchantCode}`),
            language: t(`banners.languages.${centre.language}`),
          })}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('siteContent.help.category')}
            allowDeselect={false}
            value={choice}
            onChange={choose}
            data={[
              ...categories.map((category) => ({ value: category.key, label: category.title })),
              { value: newCategory, label: t('siteContent.help.newCategory') },
            ]}
          />
          <TextInput
            label={t('siteContent.help.categoryTitle')}
            description={isNewCategory ? undefined : t('siteContent.help.categoryTitleHint')}
            required
            maxLength={80}
            value={categoryTitle}
            onChange={(event) => setCategoryTitle(event.currentTarget.value)}
            error={touched && problems.categoryTitle ? t('siteContent.help.categoryTitleMissing') : undefined}
          />
        </SimpleGrid>
        {isNewCategory ? (
          <TextInput
            label={t('siteContent.help.categoryKey')}
            description={t('siteContent.help.categoryKeyHint')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            value={key}
            onChange={(event) => {
              setIsKeyEdited(true);
              setCategoryKey(event.currentTarget.value);
            }}
            error={touched && problems.categoryKey ? t('siteContent.help.categoryKeyInvalid') : undefined}
          />
        ) : null}
        <TextInput
          label={t('siteContent.help.title')}
          required
          maxLength={CONTENT_TITLE_MAX}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={touched && problems.title ? t('siteContent.help.titleMissing') : undefined}
        />
        <FormattedTextarea
          label={t('siteContent.help.content')}
          value={content}
          maxLength={CONTENT_BODY_MAX}
          error={touched && problems.content ? t('siteContent.help.contentMissing') : undefined}
          onChange={setContent}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit">{t('siteContent.toPreview')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
