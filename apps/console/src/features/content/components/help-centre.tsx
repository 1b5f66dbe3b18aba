import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { operatorMerchantCodes } from '@sorte/shared/contracts/console';
import type { ConsoleHelpArticle } from '@sorte/shared/contracts/console-content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-states';
import { errorMessage } from '../../../lib/api';
import { type CsvColumn, downloadCsv } from '../../../lib/csv';
import { useSignedInOperator } from '../../../lib/operator-context';
import { useListParams } from '../../../lib/use-list-params';
import type { BannerMerchantCode } from '../api/banners';
import { type HelpOrder, useHelpArticles, useReorderHelpCentre } from '../api/help-articles';
import { contentLanguages, moved } from '../content-rules';
import type { HelpCategory } from './help-article-form';
import { HelpArticleFormModal, RemoveHelpArticleModal } from './help-dialogs';

type Section = HelpCategory & { articles: ConsoleHelpArticle[] };

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/** The articles grouped by category, in the order the server answered (the site's). */
function sectionsOf(articles: readonly ConsoleHelpArticle[]): Section[] {
  const sections: Section[] = [];
  for (const article of articles) {
    let section = sections.find((s) => s.key === article.category);
    if (!section) {
      section = { key: article.category, title: article.categoryTitle, articles: [] };
      sections.push(section);
    }
    section.articles.push(article);
  }
  return sections;
}

const orderOf = (sections: readonly Section[]): HelpOrder =>
  sections.map((section) => ({ category: section.key, articleIds: section.articles.map((a) => a.id) }));

/**
 * One merchant's help centre in one language, as the site lists it: categories in order, each with
 * its articles in order; move a category or an article up or down, add, edit and remove articles.
 */
export function HelpCentre() {
  const { t } = useTranslation();
  const operator = useSignedInOperator();
  const fixedMerchant = (operator.merchantCode as BannerMerchantCode | null) ?? null;
  const list = useListParams(['merchant', 'language']);
  const merchantCode: BannerMerchantCode =
    fixedMerchant ??
    (isOneOf(operatorMerchantCodes, list.filters.merchant)
      ? list.filters.merchant
      : operatorMerchantCodes[0]);
  const language = isOneOf(contentLanguages, list.filters.language) ? list.filters.language : 'EN';
  const centre = { merchantCode, language };
  const query = useHelpArticles(centre);
  const reorder = useReorderHelpCentre();
  const [formState, setFormState] = useState<{ article: ConsoleHelpArticle | null } | null>(null);
  const [removing, setRemoving] = useState<ConsoleHelpArticle | null>(null);
  const sections = sectionsOf(query.data ?? []);

  const save = (next: Section[]) =>
    reorder.mutate(
      { centre, categories: orderOf(next) },
      {
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: t('siteContent.help.reorderFailed'),
            message: errorMessage(error),
          }),
      },
    );
  const moveCategory = (index: number, by: -1 | 1) => save(moved(sections, index, by));
  const moveArticle = (sectionIndex: number, articleIndex: number, by: -1 | 1) =>
    save(
      sections.map((section, at) =>
        at === sectionIndex ? { ...section, articles: moved(section.articles, articleIndex, by) } : section,
      ),
    );

  const csvColumns: CsvColumn<ConsoleHelpArticle>[] = [
    { header: t('siteContent.columns.id'), value: (a) => a.id },
    { header: t('siteContent.columns.merchant'), value: (a) => a.merchantCode },
    { header: t('siteContent.language'), value: (a) => a.language },
    { header: t('siteContent.help.categoryKey'), value: (a) => a.category },
    { header: t('siteContent.help.categoryTitle'), value: (a) => a.categoryTitle },
    { header: t('siteContent.help.categoryOrder'), value: (a) => a.categorySort },
    { header: t('siteContent.columns.title'), value: (a) => a.title },
    { header: t('banners.sort'), value: (a) => a.sort },
  ];
  const articles = query.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end">
          {fixedMerchant ? (
            <Text size="sm" c="dimmed">
              {t('banners.merchantLimited', { merchant: t(`merchants.${fixedMerchant}`) })}
            </Text>
          ) : (
            <Select
              label={t('siteContent.merchant')}
              w={180}
              allowDeselect={false}
              value={merchantCode}
              onChange={(value) => list.setFilters({ merchant: value })}
              data={operatorMerchantCodes.map((code) => ({
                value: code,
                label: `${t(`merchants.${code}`)} (${code})`,
              }))}
            />
          )}
          <Select
            label={t('siteContent.language')}
            w={160}
            allowDeselect={false}
            value={language}
            onChange={(value) => list.setFilters({ language: value })}
            data={contentLanguages.map((code) => ({
              value: code,
              label: `${t(`banners.languages.${code}`)} (${code})`,
            }))}
          />
        </Group>
        <Group gap="sm">
          <Button
            variant="default"
            disabled={articles.length === 0}
            onClick={() => downloadCsv(`help-centre-${merchantCode}-${language}.csv`, csvColumns, articles)}
          >
            {t('common.exportCsv')}
          </Button>
          <Button onClick={() => setFormState({ article: null })} disabled={query.isPending || query.isError}>
            {t('siteContent.help.create')}
          </Button>
        </Group>
      </Group>

      {query.isPending ? (
        <ListSkeleton rows={4} />
      ) : query.isError ? (
        <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : sections.length === 0 ? (
        <ListEmpty text={t('siteContent.help.empty')} />
      ) : (
        <Stack gap="md" aria-busy={reorder.isPending}>
          {sections.map((section, sectionIndex) => (
            <Paper
              key={section.key}
              component="section"
              withBorder
              p="sm"
              radius="md"
              aria-label={section.title}
            >
              <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
                <div>
                  <Title order={2} size="h4">
                    {section.title}
                  </Title>
                  <Text size="xs" c="dimmed">
                    {section.key}
                  </Text>
                </div>
                <Group gap={4}>
                  <Button
                    size="compact-sm"
                    variant="default"
                    disabled={sectionIndex === 0 || reorder.isPending}
                    aria-label={t('siteContent.help.categoryUp', { title: section.title })}
                    onClick={() => moveCategory(sectionIndex, -1)}
                  >
                    ↑
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="default"
                    disabled={sectionIndex === sections.length - 1 || reorder.isPending}
                    aria-label={t('siteContent.help.categoryDown', { title: section.title })}
                    onClick={() => moveCategory(sectionIndex, 1)}
                  >
                    ↓
                  </Button>
                </Group>
              </Group>
              <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {section.articles.map((article, articleIndex) => (
                  <Group
                    key={article.id}
                    component="li"
                    justify="space-between"
                    gap="xs"
                    wrap="wrap"
                    py={4}
                    style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                  >
                    <Text size="sm" fw={600} style={{ flex: '1 1 200px', overflowWrap: 'anywhere' }}>
                      {article.title}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="default"
                        disabled={articleIndex === 0 || reorder.isPending}
                        aria-label={t('siteContent.help.articleUp', { title: article.title })}
                        onClick={() => moveArticle(sectionIndex, articleIndex, -1)}
                      >
                        ↑
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        disabled={articleIndex === section.articles.length - 1 || reorder.isPending}
                        aria-label={t('siteContent.help.articleDown', { title: article.title })}
                        onClick={() => moveArticle(sectionIndex, articleIndex, 1)}
                      >
                        ↓
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={t('siteContent.editLabel', { title: article.title })}
                        onClick={() => setFormState({ article })}
                      >
                        {t('siteContent.edit')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        aria-label={t('siteContent.removeLabel', { title: article.title })}
                        onClick={() => setRemoving(article)}
                      >
                        {t('siteContent.remove')}
                      </Button>
                    </Group>
                  </Group>
                ))}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}

      <HelpArticleFormModal
        opened={formState !== null}
        centre={centre}
        article={formState?.article ?? null}
        categories={sections.map(({ key, title }) => ({ key, title }))}
        onClose={() => setFormState(null)}
      />
      <RemoveHelpArticleModal article={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}
