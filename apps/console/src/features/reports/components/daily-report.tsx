import { Button, Group, Stack, Table, Text } from '@mantine/core';
import type { DailyReportRow } from '@sorte/shared/contracts/console-reports';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-states';
import { errorMessage } from '../../../lib/api';
import { type CsvColumn, downloadCsv } from '../../../lib/csv';
import { formatCount, formatDay, formatMinor, minorToDecimal } from '../../../lib/format';
import { type ReportMerchantCode, useDailyReport } from '../api/reports';
import { RangeForm, ReportTableBox, useReportFilters } from './report-filters';

type Column = {
  key: string;
  label: string;
  kind: 'count' | 'money';
  value: (row: DailyReportRow) => number;
  /** On screen a count goes under its amount ("2 deposits" under R$ 70.00); the CSV has a column each. */
  shownUnder?: 'depositAmount' | 'withdrawalAmount';
};

/** Sums of the rows of one merchant and currency (whole numbers: counts and minor units). */
type Totals = { merchantCode: ReportMerchantCode; currency: string; sums: number[] };

/**
 * The daily report: from and to (at most 366 days, the last 30 by default), one row per merchant and
 * day with totals, and the CSV of every row.
 */
export function DailyReportView({ merchantLocked }: { merchantLocked: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const filters = useReportFilters(merchantLocked);
  const { from, to, merchantCode, problem } = filters;
  const report = useDailyReport(problem ? null : { from, to, merchantCode });

  const columns: Column[] = [
    {
      key: 'registrations',
      label: t('reports.columns.registrations'),
      kind: 'count',
      value: (r) => r.registrations,
    },
    {
      key: 'firstDeposits',
      label: t('reports.columns.firstDeposits'),
      kind: 'count',
      value: (r) => r.firstDeposits,
    },
    {
      key: 'depositCount',
      label: t('reports.columns.depositCount'),
      kind: 'count',
      value: (r) => r.depositCount,
      shownUnder: 'depositAmount',
    },
    {
      key: 'depositAmount',
      label: t('reports.columns.depositAmount'),
      kind: 'money',
      value: (r) => r.depositAmount,
    },
    {
      key: 'withdrawalCount',
      label: t('reports.columns.withdrawalCount'),
      kind: 'count',
      value: (r) => r.withdrawalCount,
      shownUnder: 'withdrawalAmount',
    },
    {
      key: 'withdrawalAmount',
      label: t('reports.columns.withdrawalAmount'),
      kind: 'money',
      value: (r) => r.withdrawalAmount,
    },
    { key: 'betCount', label: t('reports.columns.betCount'), kind: 'count', value: (r) => r.betCount },
    {
      key: 'stakeAmount',
      label: t('reports.columns.stakeAmount'),
      kind: 'money',
      value: (r) => r.stakeAmount,
    },
    { key: 'winAmount', label: t('reports.columns.winAmount'), kind: 'money', value: (r) => r.winAmount },
    { key: 'ggr', label: t('reports.columns.ggr'), kind: 'money', value: (r) => r.ggr },
    {
      key: 'bonusAmount',
      label: t('reports.columns.bonusAmount'),
      kind: 'money',
      value: (r) => r.bonusAmount,
    },
    { key: 'ngr', label: t('reports.columns.ngr'), kind: 'money', value: (r) => r.ngr },
    {
      key: 'activePlayers',
      label: t('reports.columns.activePlayers'),
      kind: 'count',
      value: (r) => r.activePlayers,
    },
  ];
  const csvColumns: CsvColumn<DailyReportRow>[] = [
    { header: t('reports.columns.day'), value: (r) => r.day },
    { header: t('reports.columns.merchant'), value: (r) => r.merchantCode },
    { header: t('reports.columns.currency'), value: (r) => r.currency },
    ...columns.map((c) => ({
      header: c.label,
      value: (r: DailyReportRow) => (c.kind === 'money' ? minorToDecimal(c.value(r)) : c.value(r)),
    })),
  ];

  const rows = report.data?.rows ?? [];
  const totals: Totals[] = [];
  for (const row of rows) {
    let total = totals.find((x) => x.merchantCode === row.merchantCode && x.currency === row.currency);
    if (!total) {
      total = { merchantCode: row.merchantCode, currency: row.currency, sums: columns.map(() => 0) };
      totals.push(total);
    }
    columns.forEach((column, index) => {
      (total as Totals).sums[index] = ((total as Totals).sums[index] ?? 0) + column.value(row);
    });
  }
  const cell = (kind: Column['kind'], value: number, currency: string) =>
    kind === 'money' ? formatMinor(value, currency, lang) : formatCount(value, lang);
  const shown = columns.filter((c) => !c.shownUnder);
  const countUnder = (key: string) => columns.findIndex((c) => c.shownUnder === key);
  const countText = (key: string, n: number) =>
    key === 'depositAmount'
      ? t('dashboard.depositCount', { count: n, n: formatCount(n, lang) })
      : t('dashboard.withdrawalCount', { count: n, n: formatCount(n, lang) });
  /** One figure on screen, with the count under an amount that has one. */
  const figure = (c: Column, values: (index: number) => number, currency: string) => {
    const under = countUnder(c.key);
    const value = values(columns.indexOf(c));
    return (
      <>
        {cell(c.kind, value, currency)}
        {under >= 0 ? (
          <Text size="xs" c="dimmed">
            {countText(c.key, values(under))}
          </Text>
        ) : null}
      </>
    );
  };

  let body: ReactNode;
  if (problem) body = null;
  else if (report.isPending) body = <ListSkeleton rows={8} />;
  else if (report.isError && !report.data)
    body = <ListError message={errorMessage(report.error)} onRetry={() => void report.refetch()} />;
  else if (rows.length === 0) body = <ListEmpty text={t('reports.empty')} />;
  else
    body = (
      <ReportTableBox minWidth={1120} label={t('reports.tabs.daily')}>
        <Table striped highlightOnHover verticalSpacing="xs" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reports.columns.day')}</Table.Th>
              {shown.map((c) => (
                <Table.Th key={c.key} ta="right">
                  {c.key === 'depositAmount'
                    ? t('reports.columns.depositCount')
                    : c.key === 'withdrawalAmount'
                      ? t('reports.columns.withdrawalCount')
                      : c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.day}:${row.merchantCode}:${row.currency}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDay(row.day, lang, 'medium')}
                  <Text size="xs" c="dimmed">
                    {row.merchantCode} · {row.currency}
                  </Text>
                </Table.Td>
                {shown.map((c) => (
                  <Table.Td
                    key={c.key}
                    ta="right"
                    c={c.value(row) < 0 ? 'red' : undefined}
                    style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                  >
                    {figure(c, (index) => (columns[index] as Column).value(row), row.currency)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            {totals.map((total) => (
              <Table.Tr key={`${total.merchantCode}:${total.currency}`} fw={700}>
                <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                  {t('reports.total')}
                  <Text size="xs" c="dimmed" fw={400}>
                    {total.merchantCode} · {total.currency}
                  </Text>
                </Table.Th>
                {shown.map((c) => (
                  <Table.Td
                    key={c.key}
                    ta="right"
                    style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                  >
                    {/* Active players are distinct per day: their sum over days would count a player again each day. */}
                    {c.key === 'activePlayers'
                      ? t('common.none')
                      : figure(c, (index) => total.sums[index] ?? 0, total.currency)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tfoot>
        </Table>
      </ReportTableBox>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <RangeForm filters={filters} />
        <Button
          variant="default"
          size="sm"
          disabled={rows.length === 0 || problem !== null}
          title={t('reports.exportHint')}
          onClick={() => downloadCsv(`daily-report-${from}-${to}.csv`, csvColumns, rows)}
        >
          {t('common.exportCsv')}
        </Button>
      </Group>
      {report.isError && report.data ? (
        <ListError message={errorMessage(report.error)} onRetry={() => void report.refetch()} />
      ) : null}
      {rows.length > 0 && !problem ? (
        <Text size="sm" c="dimmed">
          {t('reports.summary', {
            count: rows.length,
            from: formatDay(report.data?.from ?? from, lang, 'medium'),
            to: formatDay(report.data?.to ?? to, lang, 'medium'),
          })}
        </Text>
      ) : null}
      <div aria-busy={report.isFetching} style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
        {body}
      </div>
    </Stack>
  );
}
