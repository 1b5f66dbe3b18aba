import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { DashboardMerchant } from '@sorte/shared/contracts/console-reports';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDay, formatMinor, formatMinorCompact } from '../../../lib/format';

/**
 * The dashboard's charts over the last 30 days (a chunk of its own: the charting library loads only
 * where charts are drawn). Amounts stay whole minor units in the chart's data; only the labels
 * format them in the merchant's currency.
 */
export function DashboardCharts({ merchant }: { merchant: DashboardMerchant }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const data = merchant.series.map((day) => ({ ...day, label: formatDay(day.day, lang) }));
  const money = (minor: number) => formatMinor(minor, merchant.currency, lang);
  const moneyAxis = {
    width: 76,
    tickFormatter: (minor: number) => formatMinorCompact(minor, merchant.currency, lang),
  };
  const countFormatter = (n: number) => formatCount(n, lang);

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <ChartCard title={t('dashboard.charts.cashFlow')} description={t('dashboard.charts.cashFlowText')}>
        <BarChart
          h={260}
          data={data}
          dataKey="label"
          valueFormatter={money}
          yAxisProps={moneyAxis}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          series={[
            { name: 'depositAmount', label: t('dashboard.kpi.deposits'), color: 'teal.6' },
            { name: 'withdrawalAmount', label: t('dashboard.kpi.withdrawals'), color: 'red.6' },
          ]}
        />
      </ChartCard>
      <ChartCard title={t('dashboard.charts.revenue')} description={t('dashboard.charts.revenueText')}>
        <LineChart
          h={260}
          data={data}
          dataKey="label"
          valueFormatter={money}
          yAxisProps={moneyAxis}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          curveType="monotone"
          referenceLines={[{ y: 0, color: 'gray.6' }]}
          series={[
            { name: 'ggr', label: t('dashboard.kpi.ggr'), color: 'gold.5' },
            // Dashed: on a day without bonuses NGR equals GGR and would hide it.
            { name: 'ngr', label: t('dashboard.kpi.ngr'), color: 'blue.5', strokeDasharray: '6 4' },
          ]}
        />
      </ChartCard>
      <ChartCard title={t('dashboard.charts.players')} description={t('dashboard.charts.playersText')}>
        <LineChart
          h={260}
          data={data}
          dataKey="label"
          valueFormatter={countFormatter}
          yAxisProps={{ width: 48, allowDecimals: false }}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          curveType="monotone"
          series={[
            { name: 'registrations', label: t('dashboard.kpi.registrations'), color: 'grape.5' },
            { name: 'activePlayers', label: t('dashboard.kpi.activePlayers'), color: 'cyan.5' },
          ]}
        />
      </ChartCard>
    </SimpleGrid>
  );
}

/** A chart with its title and what it shows (a figure, described for screen readers). */
export function ChartCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Card
      withBorder
      padding="md"
      component="figure"
      m={0}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
    >
      <Title order={3} size="h5" id={titleId}>
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm" id={descriptionId}>
        {description}
      </Text>
      {children}
    </Card>
  );
}
