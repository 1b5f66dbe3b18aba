import { Button, Group, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-states';
import { errorMessage } from '../../../lib/api';
import { formatDay } from '../../../lib/format';
import type { ReportFilters } from './report-filters';

/**
 * A report's answer as the operator sees it: nothing while the range is wrong (the form says why),
 * grey rows while the first answer loads, the error with a retry, the empty text, else the report
 * (dimmed while another range loads in its place; an error then shows above it).
 */
export function ReportBody<Answer>({
  query,
  filters,
  isEmpty,
  emptyText,
  children,
}: {
  query: UseQueryResult<Answer>;
  filters: ReportFilters;
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const retry = () => void query.refetch();
  if (filters.problem) return null;
  if (query.isPending) return <ListSkeleton rows={8} />;
  if (query.isError && !query.data) return <ListError message={errorMessage(query.error)} onRetry={retry} />;
  return (
    <>
      {query.isError ? <ListError message={errorMessage(query.error)} onRetry={retry} /> : null}
      <div aria-busy={query.isFetching} style={{ opacity: query.isPlaceholderData ? 0.6 : 1, minWidth: 0 }}>
        {isEmpty ? <ListEmpty text={emptyText} /> : children}
      </div>
    </>
  );
}

/** The export button of a report: every row of the answer, as CSV. */
export function ExportButton({ disabled, onExport }: { disabled: boolean; onExport: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="default"
      size="sm"
      disabled={disabled}
      title={t('reports.exportHint')}
      onClick={onExport}
    >
      {t('common.exportCsv')}
    </Button>
  );
}

/** The line under the filters: how many rows, over which days. */
export function RowsSummary({ count, from, to }: { count: number; from: string; to: string }) {
  const { t, i18n } = useTranslation();
  if (count === 0) return null;
  return (
    <Text size="sm" c="dimmed">
      {t('reports.summary', {
        count,
        from: formatDay(from, i18n.language, 'medium'),
        to: formatDay(to, i18n.language, 'medium'),
      })}
    </Text>
  );
}

/** The filters' row: the range form, the report's own choices, the export at the end. */
export function ReportToolbar({ children }: { children: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" style={{ maxWidth: '100%' }}>
      {children}
    </Group>
  );
}
