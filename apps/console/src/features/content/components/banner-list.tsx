import { Badge, Button, Group, Image, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { type ConsoleBanner, operatorMerchantCodes } from '@sorte/shared/contracts/console';
import { type BannerGroup, bannerGroups } from '@sorte/shared/contracts/content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-states';
import { errorMessage } from '../../../lib/api';
import { type CsvColumn, downloadCsv } from '../../../lib/csv';
import { useSignedInOperator } from '../../../lib/operator-context';
import { type BannerMerchantCode, useConsoleBanners } from '../api/banners';
import { type BannerState, bannerState } from '../banner-rules';
import { BannerFormModal, RemoveBannerModal } from './banner-dialogs';
import { describeWindow } from './describe-window';

const everything = 'all';
const stateColors: Record<BannerState, string> = { live: 'green', scheduled: 'blue', ended: 'gray' };

/**
 * Banners per merchant and group, each with its picture, state, window and link; New banner, Edit
 * and Remove. A merchant-limited operator sees and publishes only their merchant's.
 */
export function BannerList() {
  const { t, i18n } = useTranslation();
  const operator = useSignedInOperator();
  const fixedMerchant = (operator.merchantCode as BannerMerchantCode | null) ?? null;
  const [merchantFilter, setMerchantFilter] = useState<string>(fixedMerchant ?? everything);
  const [groupFilter, setGroupFilter] = useState<string>(everything);
  const filter = {
    merchantCode:
      fixedMerchant ?? (merchantFilter === everything ? null : (merchantFilter as BannerMerchantCode)),
    groupName: groupFilter === everything ? null : (groupFilter as BannerGroup),
  };
  const query = useConsoleBanners(filter);
  const [formState, setFormState] = useState<{ banner: ConsoleBanner | null } | null>(null);
  const [removing, setRemoving] = useState<ConsoleBanner | null>(null);
  const isFiltered = filter.groupName !== null || (fixedMerchant === null && filter.merchantCode !== null);

  const sections = bannerGroups
    .map((group) => ({
      group,
      rows: (query.data ?? [])
        .filter((banner) => banner.groupName === group)
        .sort(
          (a, b) =>
            a.merchantCode.localeCompare(b.merchantCode) || a.sort - b.sort || a.key.localeCompare(b.key),
        ),
    }))
    .filter((section) => section.rows.length > 0);
  const listed = sections.flatMap((section) => section.rows);
  const csvColumns: CsvColumn<ConsoleBanner>[] = [
    { header: t('banners.merchant'), value: (b) => b.merchantCode },
    { header: t('banners.group'), value: (b) => t(`banners.groups.${b.groupName}`) },
    { header: t('banners.key'), value: (b) => b.key },
    { header: t('banners.state'), value: (b) => t(`banners.states.${bannerState(b)}`) },
    { header: t('banners.sort'), value: (b) => b.sort },
    { header: t('banners.linkType'), value: (b) => t(`banners.linkTypes.${b.linkageType}`) },
    { header: t('banners.link'), value: (b) => b.link },
    { header: t('banners.startsAt'), value: (b) => b.startsAt },
    { header: t('banners.endsAt'), value: (b) => b.endsAt },
    { header: t('banners.picture', { lang: 'EN' }), value: (b) => b.imageUrls.EN },
  ];

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
              label={t('banners.merchant')}
              allowDeselect={false}
              w={200}
              value={merchantFilter}
              onChange={(value) => setMerchantFilter(value ?? everything)}
              data={[
                { value: everything, label: t('common.allMerchants') },
                ...operatorMerchantCodes.map((code) => ({
                  value: code,
                  label: `${t(`merchants.${code}`)} (${code})`,
                })),
              ]}
            />
          )}
          <Select
            label={t('banners.group')}
            allowDeselect={false}
            w={220}
            value={groupFilter}
            onChange={(value) => setGroupFilter(value ?? everything)}
            data={[
              { value: everything, label: t('banners.allGroups') },
              ...bannerGroups.map((group) => ({ value: group, label: t(`banners.groups.${group}`) })),
            ]}
          />
        </Group>
        <Group gap="sm">
          <Button
            variant="default"
            disabled={listed.length === 0}
            onClick={() => downloadCsv('banners.csv', csvColumns, listed)}
          >
            {t('common.exportCsv')}
          </Button>
          <Button onClick={() => setFormState({ banner: null })}>{t('banners.create')}</Button>
        </Group>
      </Group>

      {query.isPending ? (
        <ListSkeleton rows={3} />
      ) : query.isError ? (
        <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : sections.length === 0 ? (
        <ListEmpty text={isFiltered ? t('banners.emptyFilter') : t('banners.empty')} />
      ) : (
        sections.map((section) => (
          <Stack
            key={section.group}
            gap="xs"
            component="section"
            aria-label={t(`banners.groups.${section.group}`)}
          >
            <Title order={2} size="h4">
              {t(`banners.groups.${section.group}`)}
            </Title>
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {section.rows.map((banner) => (
                <BannerRow
                  key={banner.id}
                  banner={banner}
                  windowText={describeWindow(t, banner.startsAt, banner.endsAt, i18n.language)}
                  onEdit={() => setFormState({ banner })}
                  onRemove={() => setRemoving(banner)}
                />
              ))}
            </Stack>
          </Stack>
        ))
      )}

      <BannerFormModal
        opened={formState !== null}
        banner={formState?.banner ?? null}
        fixedMerchant={fixedMerchant}
        defaults={filter}
        onClose={() => setFormState(null)}
      />
      <RemoveBannerModal banner={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

function BannerRow({
  banner,
  windowText,
  onEdit,
  onRemove,
}: {
  banner: ConsoleBanner;
  windowText: string;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const state = bannerState(banner);
  const picture = banner.imageUrls.EN ?? Object.values(banner.imageUrls)[0];
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group gap="sm" wrap="wrap" align="center">
        <Image
          src={picture}
          alt={t('banners.pictureAlt', { key: banner.key, lang: 'EN' })}
          w={150}
          h={50}
          fit="cover"
          radius="sm"
          style={{ flex: 'none' }}
        />
        <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {banner.key}
            </Text>
            <Badge color={stateColors[state]} variant="light">
              {t(`banners.states.${state}`)}
            </Badge>
            <Badge variant="outline" color="gray">
              {banner.merchantCode}
            </Badge>
            <Text size="xs" c="dimmed">
              {t('banners.order', { sort: banner.sort })}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {windowText}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {banner.linkageType === 'NONE' || !banner.link
              ? t('banners.describeLink.NONE')
              : t(`banners.describeLink.${banner.linkageType}`, { link: banner.link })}
          </Text>
        </Stack>
        <Group gap={6} wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            onClick={onEdit}
            aria-label={t('banners.editLabel', { key: banner.key })}
          >
            {t('banners.edit')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={onRemove}
            aria-label={t('banners.removeLabel', { key: banner.key })}
          >
            {t('banners.remove')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
