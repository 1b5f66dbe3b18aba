import { SegmentedControl, Skeleton, Stack, Table, Text } from '@mantine/core';
import {
  type CohortPeriod,
  type CohortReportRow,
  cohortPeriods,
} from '@sorte/shared/contracts/console-reports';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { type CsvColumn, downloadCsv } from '../../../lib/csv';
import { formatCount, formatDay } from '../../../lib/format';
import { intlLocale } from '../../../lib/i18n';
import { useCohortReport } from '../api/reports';
import { cohortRates } from './cohort-rates';
import { addDays } from './report-days';
import { RangeForm, ReportTableBox, useReportFilters } from './report-filters';
import { ExportButton, ReportBody, ReportToolbar, RowsSummary } from './report-states';

const CohortChart = lazy(async () => ({ default: (await import('./report-charts')).CohortChart }));

const figureCell = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * Player cohorts: who registered in each week (or day) of the range, and of them who made a first
 * deposit by day 30, and who played in days 1-7 and 24-30 after registering. A window not yet over
 * is not measured ("not yet"); a cohort partly measured says against how many players.
 */
export function CohortReportView({ merchantLocked }: { merchantLocked: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const filters = useReportFilters(merchantLocked);
  const { from, to, merchantCode, problem } = filters;
  const period = filters.choice<CohortPeriod>('period', cohortPeriods, 'week');
  const report = useCohortReport(problem ? null : { from, to, merchantCode, period });
  const rows = report.data?.rows ?? [];
  const isWeekly = (report.data?.period ?? period) === 'week';
  const percent = new Intl.NumberFormat(intlLocale(lang), { style: 'percent', maximumFractionDigits: 1 });
  const count = (n: number) => formatCount(n, lang);

  const cohortName = (row: CohortReportRow) =>
    isWeekly
      ? t('reports.cohorts.weekOf', { day: formatDay(row.cohort, lang, 'medium') })
      : formatDay(row.cohort, lang, 'medium');
  /** A week cut by the range (or by today) names the days it holds. */
  const isPartialWeek = (row: CohortReportRow) =>
    isWeekly && (row.firstDay !== row.cohort || row.lastDay !== addDays(row.cohort, 6));

  /** "42.5%" over "17 of 40"; "Not yet" while no registration day's window is over. */
  const share = (part: number, whole: number) =>
    whole === 0 ? (
      <Text size="sm" c="dimmed" title={t('reports.cohorts.notYetText')}>
        {t('reports.cohorts.notYet')}
      </Text>
    ) : (
      <>
        {percent.format(part / whole)}
        <Text size="xs" c="dimmed">
          {t('reports.cohorts.of', { part: count(part), whole: count(whole) })}
        </Text>
      </>
    );

  const csvColumns: CsvColumn<CohortReportRow>[] = [
    { header: t('reports.columns.merchant'), value: (r) => r.merchantCode },
    { header: t('reports.cohorts.cohort'), value: (r) => r.cohort },
    { header: t('reports.cohorts.firstDay'), value: (r) => r.firstDay },
    { header: t('reports.cohorts.lastDay'), value: (r) => r.lastDay },
    { header: t('reports.columns.registrations'), value: (r) => r.registrations },
    { header: t('reports.cohorts.firstDeposits'), value: (r) => r.firstDeposits },
    { header: t('reports.cohorts.eligibleDay7'), value: (r) => r.eligibleDay7 },
    { header: t('reports.cohorts.activeDay7'), value: (r) => r.activeDay7 },
    { header: t('reports.cohorts.eligibleDay30'), value: (r) => r.eligibleDay30 },
    { header: t('reports.cohorts.activeDay30'), value: (r) => r.activeDay30 },
  ];

  return (
    <Stack gap="md">
      <ReportToolbar>
        <RangeForm filters={filters} />
        <ExportButton
          disabled={rows.length === 0 || problem !== null}
          onExport={() => downloadCsv(`cohorts-by-${period}-${from}-${to}.csv`, csvColumns, rows)}
        />
      </ReportToolbar>
      <SegmentedControl
        aria-label={t('reports.cohorts.period')}
        value={period}
        onChange={(value) => filters.choose('period', value)}
        style={{ alignSelf: 'flex-start' }}
        data={[
          { value: 'week', label: t('reports.cohorts.byWeek') },
          { value: 'day', label: t('reports.cohorts.byDay') },
        ]}
      />
      <Text size="sm" c="dimmed" maw={760}>
        {t('reports.cohorts.intro')}
      </Text>
      <RowsSummary count={rows.length} from={from} to={to} />
      <ReportBody
        query={report}
        filters={filters}
        isEmpty={rows.length === 0}
        emptyText={t('reports.cohorts.empty')}
      >
        <Stack gap="md">
          <Suspense fallback={<Skeleton height={300} />}>
            <CohortChart rows={rows} />
          </Suspense>
          <ReportTableBox minWidth={720} label={t('reports.tabs.cohorts')}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reports.cohorts.cohort')}</Table.Th>
                  <Table.Th ta="right">{t('reports.columns.registrations')}</Table.Th>
                  <Table.Th ta="right">{t('reports.cohorts.firstDeposits')}</Table.Th>
                  <Table.Th ta="right">{t('reports.cohorts.activeDay7')}</Table.Th>
                  <Table.Th ta="right">{t('reports.cohorts.activeDay30')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  const rates = cohortRates(row);
                  return (
                    <Table.Tr key={`${row.merchantCode}:${row.cohort}`}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {cohortName(row)}
                        <Text size="xs" c="dimmed">
                          {row.merchantCode}
                          {isPartialWeek(row)
                            ? ` · ${t('reports.cohorts.days', {
                                from: formatDay(row.firstDay, lang),
                                to: formatDay(row.lastDay, lang),
                              })}`
                            : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right" style={figureCell}>
                        {count(row.registrations)}
                      </Table.Td>
                      <Table.Td ta="right" style={figureCell}>
                        {rates.firstDeposit === null
                          ? t('common.none')
                          : share(row.firstDeposits, row.registrations)}
                      </Table.Td>
                      <Table.Td ta="right" style={figureCell}>
                        {share(row.activeDay7, row.eligibleDay7)}
                      </Table.Td>
                      <Table.Td ta="right" style={figureCell}>
                        {share(row.activeDay30, row.eligibleDay30)}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ReportTableBox>
        </Stack>
      </ReportBody>
    </Stack>
  );
}
