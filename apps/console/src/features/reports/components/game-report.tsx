import { Card, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import {
  type GameReportRow,
  type RevenueGrouping,
  type RevenueTotals,
  revenueGroupings,
} from '@sorte/shared/contracts/console-reports';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { type CsvColumn, downloadCsv } from '../../../lib/csv';
import { formatCount, formatMinor, minorToDecimal } from '../../../lib/format';
import { useGameReport } from '../api/reports';
import { RangeForm, ReportTableBox, useReportFilters } from './report-filters';
import { ExportButton, ReportBody, ReportToolbar, RowsSummary } from './report-states';

const GameChart = lazy(async () => ({ default: (await import('./report-charts')).GameChart }));

const figureCell = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * GGR per game or per vendor over a range of days, per merchant and currency: each merchant's totals
 * with its bonuses and NGR (bonuses belong to players, not to games), a chart of the games (vendors)
 * that earned most, and the table of every row with its CSV.
 */
export function GameReportView({ merchantLocked }: { merchantLocked: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const filters = useReportFilters(merchantLocked);
  const { from, to, merchantCode, problem } = filters;
  const groupBy = filters.choice<RevenueGrouping>('groupBy', revenueGroupings, 'game');
  const report = useGameReport(problem ? null : { from, to, merchantCode, groupBy });
  const rows = report.data?.rows ?? [];
  const byGame = (report.data?.groupBy ?? groupBy) === 'game';
  const money = (row: { currency: string }, minor: number) => formatMinor(minor, row.currency, lang);
  const count = (n: number) => formatCount(n, lang);

  const csvColumns: CsvColumn<GameReportRow>[] = [
    { header: t('reports.columns.merchant'), value: (r) => r.merchantCode },
    { header: t('reports.columns.currency'), value: (r) => r.currency },
    { header: t('reports.games.vendorCode'), value: (r) => r.vendor },
    { header: t('reports.games.vendor'), value: (r) => r.vendorName },
    ...(byGame
      ? [
          { header: t('reports.games.gameCode'), value: (r: GameReportRow) => r.gameCode },
          { header: t('reports.games.game'), value: (r: GameReportRow) => r.gameName },
        ]
      : []),
    { header: t('reports.games.rounds'), value: (r) => r.rounds },
    { header: t('reports.columns.betCount'), value: (r) => r.betCount },
    { header: t('reports.columns.stakeAmount'), value: (r) => minorToDecimal(r.stakeAmount) },
    { header: t('reports.columns.winAmount'), value: (r) => minorToDecimal(r.winAmount) },
    { header: t('reports.columns.ggr'), value: (r) => minorToDecimal(r.ggr) },
  ];

  return (
    <Stack gap="md">
      <ReportToolbar>
        <RangeForm filters={filters} />
        <ExportButton
          disabled={rows.length === 0 || problem !== null}
          onExport={() => downloadCsv(`ggr-by-${groupBy}-${from}-${to}.csv`, csvColumns, rows)}
        />
      </ReportToolbar>
      <SegmentedControl
        aria-label={t('reports.games.groupBy')}
        value={groupBy}
        onChange={(value) => filters.choose('groupBy', value)}
        style={{ alignSelf: 'flex-start' }}
        data={[
          { value: 'game', label: t('reports.games.byGame') },
          { value: 'vendor', label: t('reports.games.byVendor') },
        ]}
      />
      <RowsSummary count={rows.length} from={from} to={to} />
      <ReportBody
        query={report}
        filters={filters}
        isEmpty={rows.length === 0}
        emptyText={t('reports.games.empty')}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {(report.data?.totals ?? []).map((total) => (
              <TotalsCard key={`${total.merchantCode}:${total.currency}`} total={total} />
            ))}
          </SimpleGrid>
          <Suspense fallback={<Skeleton height={300} />}>
            <GameChart rows={rows} />
          </Suspense>
          <ReportTableBox minWidth={760} label={t('reports.tabs.games')}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{byGame ? t('reports.games.game') : t('reports.games.vendor')}</Table.Th>
                  <Table.Th ta="right">{t('reports.games.rounds')}</Table.Th>
                  <Table.Th ta="right">{t('reports.columns.betCount')}</Table.Th>
                  <Table.Th ta="right">{t('reports.columns.stakeAmount')}</Table.Th>
                  <Table.Th ta="right">{t('reports.columns.winAmount')}</Table.Th>
                  <Table.Th ta="right">{t('reports.columns.ggr')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={`${row.merchantCode}:${row.currency}:${row.vendor}:${row.gameCode ?? ''}`}>
                    <Table.Td>
                      {byGame ? (row.gameName ?? row.gameCode) : row.vendorName}
                      <Text size="xs" c="dimmed">
                        {byGame ? `${row.vendorName} · ` : ''}
                        {row.merchantCode} · {row.currency}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={figureCell}>
                      {count(row.rounds)}
                    </Table.Td>
                    <Table.Td ta="right" style={figureCell}>
                      {count(row.betCount)}
                    </Table.Td>
                    <Table.Td ta="right" style={figureCell}>
                      {money(row, row.stakeAmount)}
                    </Table.Td>
                    <Table.Td ta="right" style={figureCell}>
                      {money(row, row.winAmount)}
                    </Table.Td>
                    <Table.Td ta="right" style={figureCell} c={row.ggr < 0 ? 'red' : undefined}>
                      {money(row, row.ggr)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ReportTableBox>
        </Stack>
      </ReportBody>
    </Stack>
  );
}

/** One merchant's totals over the days: GGR, the bonuses its players got, NGR. */
function TotalsCard({ total }: { total: RevenueTotals }) {
  const { t, i18n } = useTranslation();
  const money = (minor: number) => formatMinor(minor, total.currency, i18n.language);
  const label = `${t(`merchants.${total.merchantCode}`)} · ${total.currency}`;
  const figures = [
    { label: t('reports.columns.ggr'), value: total.ggr },
    { label: t('reports.columns.bonusAmount'), value: total.bonusAmount },
    { label: t('reports.columns.ngr'), value: total.ngr },
  ];
  return (
    <Card
      withBorder
      padding="sm"
      component="article"
      aria-label={t('reports.games.totalsOf', { merchant: label })}
    >
      <Title order={3} size="h6">
        {label}
      </Title>
      <Text size="xs" c="dimmed" mb={4}>
        {t('reports.games.totalsText', {
          rounds: formatCount(total.rounds, i18n.language),
          stakes: money(total.stakeAmount),
        })}
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        {figures.map((f) => (
          <div key={f.label}>
            <Text size="xs" c="dimmed">
              {f.label}
            </Text>
            <Text
              fw={700}
              c={f.value < 0 ? 'red' : undefined}
              style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
            >
              {money(f.value)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
