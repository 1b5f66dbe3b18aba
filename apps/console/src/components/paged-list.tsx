import { Button, Group, Pagination, Select, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, type Page } from '../lib/api';
import { type CsvColumn, downloadCsv } from '../lib/csv';
import { pageSizes } from '../lib/use-list-params';
import { ListEmpty, ListError, ListSkeleton } from './list-states';

type PagedListProps<Row> = {
  query: UseQueryResult<Page<Row>>;
  pageNo: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  emptyText: string;
  /** The CSV file of the rows on screen: its name and columns. */
  csv: { fileName: string; columns: readonly CsvColumn<Row>[] };
  /** Filters, shown above the rows beside the CSV button. */
  toolbar?: ReactNode;
  children: (rows: Row[]) => ReactNode;
};

/**
 * The frame of every server-paged list: a skeleton while the first page loads, the error with a
 * retry, the empty text, then the rows with the pager and the CSV export of the loaded page.
 */
export function PagedList<Row>(props: PagedListProps<Row>) {
  const { t } = useTranslation();
  const { query, pageNo, pageSize } = props;
  const page = query.data;
  const rows = page?.content ?? [];

  let body: ReactNode;
  if (query.isPending) body = <ListSkeleton />;
  else if (query.isError && !page)
    body = <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  else if (rows.length === 0) body = <ListEmpty text={props.emptyText} />;
  else body = props.children(rows);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm">
          {props.toolbar}
        </Group>
        <Button
          variant="default"
          size="sm"
          disabled={rows.length === 0}
          title={t('common.exportCsvHint')}
          onClick={() => downloadCsv(props.csv.fileName, props.csv.columns, rows)}
        >
          {t('common.exportCsv')}
        </Button>
      </Group>
      {query.isError && page ? (
        <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : null}
      <div aria-busy={query.isFetching} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        {body}
      </div>
      {page && page.total > 0 ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('common.pageSummary', {
              total: page.total,
              page: Math.min(pageNo, Math.max(page.totalPages, 1)),
              pages: Math.max(page.totalPages, 1),
            })}
          </Text>
          <Group gap="sm">
            <Select
              aria-label={t('common.rowsPerPage')}
              w={90}
              size="sm"
              allowDeselect={false}
              data={pageSizes.map(String)}
              value={String(pageSize)}
              onChange={(value) => value && props.onPageSizeChange(Number(value))}
            />
            <Pagination
              component="nav"
              aria-label={t('common.pagination')}
              total={Math.max(page.totalPages, 1)}
              value={pageNo}
              onChange={props.onPageChange}
              size="sm"
              siblings={1}
              getControlProps={(control) => ({ 'aria-label': t(`common.pageControls.${control}`) })}
            />
          </Group>
        </Group>
      ) : null}
    </Stack>
  );
}
