import { Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { operatorMerchantCodes } from '@sorte/shared/contracts/console';
import type { ConsoleMaintenancePage } from '@sorte/shared/contracts/console-content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-states';
import { errorMessage } from '../../../lib/api';
import { type CsvColumn, downloadCsv } from '../../../lib/csv';
import { formatDateTime } from '../../../lib/format';
import { useSignedInOperator } from '../../../lib/operator-context';
import { useListParams } from '../../../lib/use-list-params';
import type { BannerMerchantCode } from '../api/banners';
import { useMaintenancePages } from '../api/maintenance-texts';
import { contentLanguages } from '../content-rules';
import {
  MaintenanceTextModal,
  type MaintenanceTextTarget,
  RemoveMaintenanceTextModal,
} from './maintenance-text-dialogs';

const everything = 'all';
type TextRow = { merchantCode: string; language: string; title: string; info: string; updatedAt: string };

/**
 * What the site's maintenance page says, per merchant and language, and whether that merchant's
 * site is closed now (opening and closing it is a setting, not content). A language without its
 * own text shows EN's.
 */
export function MaintenanceTexts() {
  const { t, i18n } = useTranslation();
  const operator = useSignedInOperator();
  const fixedMerchant = (operator.merchantCode as BannerMerchantCode | null) ?? null;
  const list = useListParams(['merchant']);
  const chosen = (operatorMerchantCodes as readonly string[]).includes(list.filters.merchant)
    ? (list.filters.merchant as BannerMerchantCode)
    : null;
  const merchantCode = fixedMerchant ?? chosen;
  const query = useMaintenancePages(merchantCode);
  const [editing, setEditing] = useState<MaintenanceTextTarget | null>(null);
  const [removing, setRemoving] = useState<MaintenanceTextTarget | null>(null);

  const rows: TextRow[] = (query.data ?? []).flatMap((page) =>
    page.texts.map((text) => ({ merchantCode: page.merchantCode, ...text })),
  );
  const csvColumns: CsvColumn<TextRow>[] = [
    { header: t('siteContent.columns.merchant'), value: (r) => r.merchantCode },
    { header: t('siteContent.language'), value: (r) => r.language },
    { header: t('siteContent.maintenance.title'), value: (r) => r.title },
    { header: t('siteContent.maintenance.info'), value: (r) => r.info },
    { header: t('siteContent.columns.updated'), value: (r) => r.updatedAt },
  ];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" maw={720}>
        {t('siteContent.maintenance.intro')}
      </Text>
      <Group justify="space-between" align="flex-end" gap="sm">
        {fixedMerchant ? (
          <Text size="sm" c="dimmed">
            {t('banners.merchantLimited', { merchant: t(`merchants.${fixedMerchant}`) })}
          </Text>
        ) : (
          <Select
            label={t('siteContent.merchant')}
            w={200}
            allowDeselect={false}
            value={merchantCode ?? everything}
            onChange={(value) => list.setFilters({ merchant: value === everything ? null : value })}
            data={[
              { value: everything, label: t('common.allMerchants') },
              ...operatorMerchantCodes.map((code) => ({
                value: code,
                label: `${t(`merchants.${code}`)} (${code})`,
              })),
            ]}
          />
        )}
        <Button
          variant="default"
          disabled={rows.length === 0}
          onClick={() => downloadCsv(`maintenance-texts-${merchantCode ?? everything}.csv`, csvColumns, rows)}
        >
          {t('common.exportCsv')}
        </Button>
      </Group>

      {query.isPending ? (
        <ListSkeleton rows={3} />
      ) : query.isError ? (
        <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : (query.data ?? []).length === 0 ? (
        <ListEmpty text={t('common.emptyFilterHint')} />
      ) : (
        (query.data ?? []).map((page) => (
          <MerchantTexts
            key={page.merchantCode}
            page={page}
            language={i18n.language}
            onEdit={setEditing}
            onRemove={setRemoving}
          />
        ))
      )}

      <MaintenanceTextModal target={editing} onClose={() => setEditing(null)} />
      <RemoveMaintenanceTextModal target={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

function MerchantTexts({
  page,
  language,
  onEdit,
  onRemove,
}: {
  page: ConsoleMaintenancePage;
  language: string;
  onEdit: (target: MaintenanceTextTarget) => void;
  onRemove: (target: MaintenanceTextTarget) => void;
}) {
  const { t } = useTranslation();
  const merchantCode = page.merchantCode as BannerMerchantCode;
  const merchant = t(`merchants.${merchantCode}`);
  return (
    <Paper component="section" withBorder p="sm" radius="md" aria-label={merchant}>
      <Group justify="space-between" gap="xs" mb="xs">
        <Title order={2} size="h4">
          {merchant} ({page.merchantCode})
        </Title>
        <Badge color={page.isOn ? 'orange' : 'green'} variant="light">
          {page.isOn ? t('siteContent.maintenance.isOn') : t('siteContent.maintenance.isOff')}
        </Badge>
      </Group>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {contentLanguages.map((lang) => {
          const text = page.texts.find((entry) => entry.language === lang) ?? null;
          const target = { merchantCode, language: lang, text };
          const where = { merchant, language: t(`banners.languages.${lang}`) };
          return (
            <Group
              key={lang}
              component="li"
              justify="space-between"
              align="flex-start"
              gap="xs"
              wrap="wrap"
              py={6}
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={2} style={{ flex: '1 1 240px', minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {t(`banners.languages.${lang}`)} ({lang})
                </Text>
                {text ? (
                  <>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {text.title}
                    </Text>
                    <Text
                      size="sm"
                      c="dimmed"
                      lineClamp={3}
                      style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                    >
                      {text.info}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('siteContent.maintenance.updated', { at: formatDateTime(text.updatedAt, language) })}
                    </Text>
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    {lang === 'EN'
                      ? t('siteContent.maintenance.noEnglish')
                      : t('siteContent.maintenance.fallsBack')}
                  </Text>
                )}
              </Stack>
              <Group gap={6} wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => onEdit(target)}
                  aria-label={
                    text
                      ? t('siteContent.maintenance.editLabel', where)
                      : t('siteContent.maintenance.writeLabel', where)
                  }
                >
                  {text ? t('siteContent.edit') : t('siteContent.maintenance.write')}
                </Button>
                {text ? (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => onRemove(target)}
                    aria-label={t('siteContent.maintenance.removeLabel', where)}
                  >
                    {t('siteContent.remove')}
                  </Button>
                ) : null}
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
