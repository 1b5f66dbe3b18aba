import { Badge, Button, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { operatorMerchantCodes } from '@sorte/shared/contracts/console';
import type { ConsoleAnnouncement } from '@sorte/shared/contracts/console-content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import type { CsvColumn } from '../../../lib/csv';
import { formatDateTime } from '../../../lib/format';
import { useSignedInOperator } from '../../../lib/operator-context';
import { useListParams } from '../../../lib/use-list-params';
import { useAnnouncements } from '../api/announcements';
import type { BannerMerchantCode } from '../api/banners';
import { type BannerState, bannerState } from '../banner-rules';
import { type AnnouncementKind, contentLanguages, typesOf } from '../content-rules';
import { AnnouncementFormModal, RemoveAnnouncementModal } from './announcement-dialogs';
import { describeWindow } from './describe-window';

const everything = 'all';
const stateColors: Record<BannerState, string> = { live: 'green', scheduled: 'blue', ended: 'gray' };
const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/**
 * Notices (marquee B, player notices PL, popups PU with their audience, help notices H) or
 * promotions (PR), newest first, filtered by merchant, type, language and whether they are on the
 * site now; New, Edit and Remove. A merchant-limited operator sees and writes only their merchant's.
 */
export function AnnouncementList({ kind }: { kind: AnnouncementKind }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const operator = useSignedInOperator();
  const fixedMerchant = (operator.merchantCode as BannerMerchantCode | null) ?? null;
  const isPhone = useMediaQuery('(max-width: 48em)');
  const kindTypes = typesOf(kind);
  const list = useListParams(['merchant', 'type', 'language', 'state']);
  const { filters } = list;
  const merchantCode =
    fixedMerchant ?? (isOneOf(operatorMerchantCodes, filters.merchant) ? filters.merchant : null);
  const type = isOneOf(kindTypes, filters.type) ? filters.type : null;
  const language = isOneOf(contentLanguages, filters.language) ? filters.language : null;
  const active = filters.state === 'live' ? true : filters.state === 'notLive' ? false : null;
  const query = useAnnouncements({
    merchantCode,
    types: type ? [type] : kindTypes,
    language,
    active,
    pageNo: list.pageNo,
    pageSize: list.pageSize,
  });
  const [formState, setFormState] = useState<{ announcement: ConsoleAnnouncement | null } | null>(null);
  const [removing, setRemoving] = useState<ConsoleAnnouncement | null>(null);
  const isFiltered = Boolean((!fixedMerchant && merchantCode) || type || language || active !== null);

  const titleOf = (a: ConsoleAnnouncement) => a.title.EN ?? Object.values(a.title)[0] ?? '';
  const languagesOf = (a: ConsoleAnnouncement) => Object.keys(a.title).join(' ');
  const typeText = (a: ConsoleAnnouncement) =>
    a.type === 'PU' && a.execution
      ? `${t(`siteContent.types.${a.type}`)} · ${t(`siteContent.audiences.${a.execution}`)}`
      : t(`siteContent.types.${a.type}`);
  const stateOf = (a: ConsoleAnnouncement) => {
    const state = bannerState(a);
    return (
      <Badge color={stateColors[state]} variant="light" styles={{ label: { overflow: 'visible' } }}>
        {t(`banners.states.${state}`)}
      </Badge>
    );
  };
  const windowOf = (a: ConsoleAnnouncement) => describeWindow(t, a.startsAt, a.endsAt, lang);
  const actions = (a: ConsoleAnnouncement) => (
    <Group gap={6} wrap="nowrap">
      <Button
        size={isPhone ? 'sm' : 'xs'}
        variant="default"
        onClick={() => setFormState({ announcement: a })}
        aria-label={t('siteContent.editLabel', { title: titleOf(a) })}
      >
        {t('siteContent.edit')}
      </Button>
      <Button
        size={isPhone ? 'sm' : 'xs'}
        variant="light"
        color="red"
        onClick={() => setRemoving(a)}
        aria-label={t('siteContent.removeLabel', { title: titleOf(a) })}
      >
        {t('siteContent.remove')}
      </Button>
    </Group>
  );

  const csvColumns: CsvColumn<ConsoleAnnouncement>[] = [
    { header: t('siteContent.columns.id'), value: (a) => a.id },
    { header: t('siteContent.columns.merchant'), value: (a) => a.merchantCode },
    { header: t('siteContent.columns.type'), value: (a) => a.type },
    { header: t('siteContent.columns.audience'), value: (a) => a.execution ?? '' },
    { header: t('siteContent.columns.title'), value: titleOf },
    { header: t('siteContent.columns.languages'), value: languagesOf },
    { header: t('siteContent.columns.published'), value: (a) => a.publishedAt },
    { header: t('siteContent.columns.starts'), value: (a) => a.startsAt ?? '' },
    { header: t('siteContent.columns.ends'), value: (a) => a.endsAt ?? '' },
    { header: t('siteContent.columns.live'), value: (a) => (a.live ? t('common.yes') : t('common.no')) },
    { header: t('banners.sort'), value: (a) => a.sort },
  ];

  const toolbar = (
    <>
      {fixedMerchant ? (
        <Text size="sm" c="dimmed">
          {t('banners.merchantLimited', { merchant: t(`merchants.${fixedMerchant}`) })}
        </Text>
      ) : (
        <Select
          label={t('siteContent.merchant')}
          w={180}
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
      {kind === 'notices' ? (
        <Select
          label={t('siteContent.notices.type')}
          w={200}
          allowDeselect={false}
          value={type ?? everything}
          onChange={(value) => list.setFilters({ type: value === everything ? null : value })}
          data={[
            { value: everything, label: t('siteContent.notices.allTypes') },
            ...kindTypes.map((code) => ({ value: code, label: t(`siteContent.types.${code}`) })),
          ]}
        />
      ) : null}
      <Select
        label={t('siteContent.language')}
        w={160}
        allowDeselect={false}
        value={language ?? everything}
        onChange={(value) => list.setFilters({ language: value === everything ? null : value })}
        data={[
          { value: everything, label: t('siteContent.allLanguages') },
          ...contentLanguages.map((code) => ({
            value: code,
            label: `${t(`banners.languages.${code}`)} (${code})`,
          })),
        ]}
      />
      <Select
        label={t('siteContent.state')}
        w={170}
        allowDeselect={false}
        value={active === null ? everything : active ? 'live' : 'notLive'}
        onChange={(value) => list.setFilters({ state: value === everything ? null : value })}
        data={[
          { value: everything, label: t('siteContent.states.all') },
          { value: 'live', label: t('siteContent.states.live') },
          { value: 'notLive', label: t('siteContent.states.notLive') },
        ]}
      />
    </>
  );

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button onClick={() => setFormState({ announcement: null })}>
          {t(`siteContent.${kind}.create`)}
        </Button>
      </Group>
      <PagedList
        query={query}
        pageNo={list.pageNo}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        emptyText={isFiltered ? t('common.emptyFilterHint') : t(`siteContent.${kind}.empty`)}
        toolbar={toolbar}
        csv={{ fileName: `${kind}-page-${list.pageNo}.csv`, columns: csvColumns }}
      >
        {(rows) =>
          isPhone ? (
            <Stack gap="sm">
              {rows.map((a) => (
                <Card key={a.id} withBorder padding="sm" component="article" aria-label={titleOf(a)}>
                  <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {titleOf(a)}
                    </Text>
                    {stateOf(a)}
                  </Group>
                  <Text size="sm">
                    {typeText(a)} · {a.merchantCode} · {languagesOf(a)}
                  </Text>
                  <Text size="xs" c="dimmed" mb="xs">
                    {windowOf(a)}
                  </Text>
                  {actions(a)}
                </Card>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={860}>
              <Table striped highlightOnHover verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('siteContent.columns.title')}</Table.Th>
                    <Table.Th>{t('siteContent.columns.type')}</Table.Th>
                    <Table.Th>{t('siteContent.columns.merchant')}</Table.Th>
                    <Table.Th>{t('siteContent.columns.languages')}</Table.Th>
                    <Table.Th>{t('siteContent.columns.window')}</Table.Th>
                    <Table.Th>{t('banners.sort')}</Table.Th>
                    <Table.Th>{t('common.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((a) => (
                    <Table.Tr key={a.id}>
                      <Table.Td style={{ maxWidth: 320, overflowWrap: 'anywhere' }}>
                        <Text size="sm" fw={600}>
                          {titleOf(a)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {formatDateTime(a.publishedAt, lang)}
                        </Text>
                      </Table.Td>
                      <Table.Td>{typeText(a)}</Table.Td>
                      <Table.Td>{a.merchantCode}</Table.Td>
                      <Table.Td>{languagesOf(a)}</Table.Td>
                      <Table.Td>
                        <Stack gap={4} align="flex-start">
                          {stateOf(a)}
                          <Text size="xs" c="dimmed">
                            {windowOf(a)}
                          </Text>
                        </Stack>
                      </Table.Td>
                      <Table.Td>{a.sort}</Table.Td>
                      <Table.Td>{actions(a)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </PagedList>

      <AnnouncementFormModal
        kind={kind}
        opened={formState !== null}
        announcement={formState?.announcement ?? null}
        fixedMerchant={fixedMerchant}
        defaultMerchant={merchantCode}
        onClose={() => setFormState(null)}
      />
      <RemoveAnnouncementModal announcement={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}
