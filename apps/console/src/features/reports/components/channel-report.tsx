import { Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ChannelReportRow } from '@sorte/shared/contracts/console-reports';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { type CsvColumn, downloadCsv } from '../../../lib/csv';
import { formatCount, formatMinor, minorToDecimal } from '../../../lib/format';
import { useChannelReport } from '../api/reports';
import { RangeForm, ReportTableBox, useReportFilters } from './report-filters';
import { ExportButton, ReportBody, ReportToolbar, RowsSummary } from './report-states';

const ChannelChart = lazy(async () => ({ default: (await import('./report-charts')).ChannelChart }));

const figureCell = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * Paid deposits and approved withdrawals per payment channel over a range of days, per merchant and
 * currency: a chart of each merchant's channels, the table (each count under its amount, the net
 * flow) and its CSV.
 */
export function ChannelReportView({ merchantLocked }: { merchantLocked: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const filters = useReportFilters(merchantLocked);
  const { from, to, merchantCode, problem } = filters;
  const report = useChannelReport(problem ? null : { from, to, merchantCode });
  const rows = report.data?.rows ?? [];
  const money = (row: ChannelReportRow, minor: number) => formatMinor(minor, row.currency, lang);

  const csvColumns: CsvColumn<ChannelReportRow>[] = [
    { header: t('reports.columns.merchant'), value: (r) => r.merchantCode },
    { header: t('reports.columns.currency'), value: (r) => r.currency },
    { header: t('reports.channels.channel'), value: (r) => r.channel },
    { header: t('reports.columns.depositCount'), value: (r) => r.depositCount },
    { header: t('reports.columns.depositAmount'), value: (r) => minorToDecimal(r.depositAmount) },
    { header: t('reports.columns.withdrawalCount'), value: (r) => r.withdrawalCount },
    { header: t('reports.columns.withdrawalAmount'), value: (r) => minorToDecimal(r.withdrawalAmount) },
    { header: t('reports.channels.net'), value: (r) => minorToDecimal(r.netAmount) },
  ];

  return (
    <Stack gap="md">
      <ReportToolbar>
        <RangeForm filters={filters} />
        <ExportButton
          disabled={rows.length === 0 || problem !== null}
          onExport={() => downloadCsv(`channels-${from}-${to}.csv`, csvColumns, rows)}
        />
      </ReportToolbar>
      <RowsSummary count={rows.length} from={from} to={to} />
      <ReportBody
        query={report}
        filters={filters}
        isEmpty={rows.length === 0}
        emptyText={t('reports.channels.empty')}
      >
        <Stack gap="md">
          <Suspense fallback={<Skeleton height={300} />}>
            <ChannelChart rows={rows} />
          </Suspense>
          <ReportTableBox minWidth={640} label={t('reports.tabs.channels')}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reports.channels.channel')}</Table.Th>
                  <Table.Th ta="right">{t('reports.columns.depositCount')}</Table.Th>
                  <Table.Th ta="right">{t('reports.columns.withdrawalCount')}</Table.Th>
                  <Table.Th ta="right">{t('reports.channels.net')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={`${row.merchantCode}:${row.currency}:${row.channel}`}>
                    <Table.Td>
                      {row.channel}
                      <Text size="xs" c="dimmed">
                        {row.merchantCode} · {row.currency}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={figureCell}>
                      {money(row, row.depositAmount)}
                      <Text size="xs" c="dimmed">
                        {t('dashboard.depositCount', {
                          count: row.depositCount,
                          n: formatCount(row.depositCount, lang),
                        })}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={figureCell}>
                      {money(row, row.withdrawalAmount)}
                      <Text size="xs" c="dimmed">
                        {t('dashboard.withdrawalCount', {
                          count: row.withdrawalCount,
                          n: formatCount(row.withdrawalCount, lang),
                        })}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={figureCell} c={row.netAmount < 0 ? 'red' : undefined}>
                      {money(row, row.netAmount)}
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
