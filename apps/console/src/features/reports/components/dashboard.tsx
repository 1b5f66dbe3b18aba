import { Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { DashboardMerchant } from '@sorte/shared/contracts/console-reports';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-states';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useDashboard } from '../api/reports';
import { KpiCard } from './kpi-card';
import { kpiFigures } from './kpi-figures';

const DashboardCharts = lazy(async () => ({
  default: (await import('./dashboard-charts')).DashboardCharts,
}));

/** The key figures of today against yesterday and the last 30 days, per merchant and currency. */
export function DashboardView() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const [search, setSearch] = useSearchParams();
  const merchants = dashboard.data?.merchants ?? [];
  const chosen = merchants.find((m) => m.merchantCode === search.get('merchant')) ?? merchants[0];
  const choose = (code: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('merchant', code);
        return next;
      },
      { replace: true },
    );

  if (dashboard.isPending) return <ListSkeleton rows={6} />;
  if (dashboard.isError && !dashboard.data)
    return <ListError message={errorMessage(dashboard.error)} onRetry={() => void dashboard.refetch()} />;
  if (!chosen) return <ListEmpty text={t('dashboard.empty')} />;

  return (
    <Stack gap="lg">
      {merchants.length > 1 ? (
        <SegmentedControl
          aria-label={t('dashboard.merchant')}
          value={chosen.merchantCode}
          onChange={choose}
          style={{ alignSelf: 'flex-start' }}
          data={merchants.map((m) => ({
            value: m.merchantCode,
            label: `${t(`merchants.${m.merchantCode}`)} · ${m.currency}`,
          }))}
        />
      ) : null}
      {dashboard.isError ? (
        <ListError message={errorMessage(dashboard.error)} onRetry={() => void dashboard.refetch()} />
      ) : null}
      <MerchantDashboard merchant={chosen} />
    </Stack>
  );
}

function MerchantDashboard({ merchant }: { merchant: DashboardMerchant }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const figures = kpiFigures(merchant, t, lang);
  return (
    <Stack gap="lg">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('dashboard.scope', {
            merchant: t(`merchants.${merchant.merchantCode}`),
            currency: merchant.currency,
            timeZone: merchant.timeZone,
          })}{' '}
          {merchant.refreshedAt
            ? t('dashboard.refreshedAt', { when: formatDateTime(merchant.refreshedAt, lang) })
            : t('dashboard.notRefreshed')}
        </Text>
      </Group>
      <section aria-labelledby="dashboard-today">
        <Title order={2} size="h4" mb="xs" id="dashboard-today">
          {t('dashboard.todayTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {figures.map((figure) => (
            <KpiCard key={figure.label} figure={figure} />
          ))}
        </SimpleGrid>
      </section>
      <section aria-labelledby="dashboard-charts">
        <Title order={2} size="h4" mb="xs" id="dashboard-charts">
          {t('dashboard.chartsTitle', { days: merchant.series.length })}
        </Title>
        {merchant.series.length === 0 ? (
          <ListEmpty text={t('dashboard.noSeries')} />
        ) : (
          <Suspense
            fallback={
              <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
                <Skeleton height={320} />
                <Skeleton height={320} />
              </SimpleGrid>
            }
          >
            <DashboardCharts merchant={merchant} />
          </Suspense>
        )}
      </section>
    </Stack>
  );
}
