import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import type {
  ChannelReportRow,
  CohortReportRow,
  GameReportRow,
} from '@sorte/shared/contracts/console-reports';
import { useTranslation } from 'react-i18next';
import { formatDay, formatMinor, formatMinorCompact } from '../../../lib/format';
import { intlLocale } from '../../../lib/i18n';
import type { ReportMerchantCode } from '../api/reports';
import { cohortRates } from './cohort-rates';
import { ChartCard } from './dashboard-charts';

/** Games (or vendors) drawn per merchant: the ones that earned most. */
const TOP_ROWS = 8;

/** Rows of each merchant and currency, in the rows' order: amounts of two currencies never share an axis. */
function byMerchantCurrency<Row extends { merchantCode: ReportMerchantCode; currency?: string }>(
  rows: readonly Row[],
) {
  const groups = new Map<string, { merchantCode: ReportMerchantCode; currency: string; rows: Row[] }>();
  for (const row of rows) {
    const key = `${row.merchantCode}|${row.currency ?? ''}`;
    let group = groups.get(key);
    if (!group) {
      group = { merchantCode: row.merchantCode, currency: row.currency ?? '', rows: [] };
      groups.set(key, group);
    }
    group.rows.push(row);
  }
  return [...groups.values()];
}

/** One chart per merchant and currency: GGR of the games (vendors) that earned most, as bars. */
export function GameChart({ rows }: { rows: readonly GameReportRow[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const groups = byMerchantCurrency(rows);
  return (
    <SimpleGrid cols={{ base: 1, lg: groups.length > 1 ? 2 : 1 }} spacing="md">
      {groups.map((group) => {
        const top = group.rows.slice(0, TOP_ROWS).map((row) => ({
          name: row.gameCode === null ? row.vendorName : (row.gameName ?? row.gameCode),
          ggr: row.ggr,
        }));
        return (
          <ChartCard
            key={`${group.merchantCode}:${group.currency}`}
            title={t('reports.games.chart', {
              merchant: t(`merchants.${group.merchantCode}`),
              currency: group.currency,
            })}
            description={t('reports.games.chartText', { count: top.length })}
          >
            <BarChart
              h={60 + top.length * 34}
              data={top}
              dataKey="name"
              orientation="vertical"
              valueFormatter={(minor: number) => formatMinor(minor, group.currency, lang)}
              xAxisProps={{
                tickFormatter: (minor: number) => formatMinorCompact(minor, group.currency, lang),
              }}
              yAxisProps={{ width: 104 }}
              referenceLines={[{ x: 0, color: 'gray.6' }]}
              series={[{ name: 'ggr', label: t('reports.columns.ggr'), color: 'gold.5' }]}
            />
          </ChartCard>
        );
      })}
    </SimpleGrid>
  );
}

/** One chart per merchant and currency: deposits and withdrawals of each channel, as bars. */
export function ChannelChart({ rows }: { rows: readonly ChannelReportRow[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const groups = byMerchantCurrency(rows);
  return (
    <SimpleGrid cols={{ base: 1, lg: groups.length > 1 ? 2 : 1 }} spacing="md">
      {groups.map((group) => (
        <ChartCard
          key={`${group.merchantCode}:${group.currency}`}
          title={t('reports.channels.chart', {
            merchant: t(`merchants.${group.merchantCode}`),
            currency: group.currency,
          })}
          description={t('reports.channels.chartText')}
        >
          <BarChart
            h={240}
            data={group.rows}
            dataKey="channel"
            valueFormatter={(minor: number) => formatMinor(minor, group.currency, lang)}
            yAxisProps={{
              width: 76,
              tickFormatter: (minor: number) => formatMinorCompact(minor, group.currency, lang),
            }}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            series={[
              { name: 'depositAmount', label: t('reports.columns.depositAmount'), color: 'teal.6' },
              { name: 'withdrawalAmount', label: t('reports.columns.withdrawalAmount'), color: 'red.6' },
            ]}
          />
        </ChartCard>
      ))}
    </SimpleGrid>
  );
}

/** One chart per merchant: the share of each cohort that deposited, and was active at day 7 and 30. */
export function CohortChart({ rows }: { rows: readonly CohortReportRow[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const percent = new Intl.NumberFormat(intlLocale(lang), { style: 'percent', maximumFractionDigits: 1 });
  const groups = byMerchantCurrency(rows);
  return (
    <SimpleGrid cols={{ base: 1, lg: groups.length > 1 ? 2 : 1 }} spacing="md">
      {groups.map((group) => (
        <ChartCard
          key={group.merchantCode}
          title={t('reports.cohorts.chart', { merchant: t(`merchants.${group.merchantCode}`) })}
          description={t('reports.cohorts.chartText')}
        >
          <LineChart
            h={260}
            data={group.rows.map((row) => ({ label: formatDay(row.cohort, lang), ...cohortRates(row) }))}
            dataKey="label"
            valueFormatter={(share: number) => percent.format(share)}
            yAxisProps={{
              width: 52,
              domain: [0, 1],
              tickFormatter: (share: number) => percent.format(share),
            }}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            curveType="monotone"
            connectNulls={false}
            series={[
              { name: 'firstDeposit', label: t('reports.cohorts.firstDeposits'), color: 'teal.6' },
              { name: 'day7', label: t('reports.cohorts.activeDay7'), color: 'blue.5' },
              {
                name: 'day30',
                label: t('reports.cohorts.activeDay30'),
                color: 'grape.5',
                strokeDasharray: '6 4',
              },
            ]}
          />
        </ChartCard>
      ))}
    </SimpleGrid>
  );
}
