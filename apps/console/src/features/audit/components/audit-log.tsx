import { Badge, Button, Code, Drawer, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AuditEntry } from '@sorte/shared/contracts/console';
import { type AuditSortKey, auditSortKeys } from '@sorte/shared/contracts/list-sort';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Fact, Facts } from '../../../components/facts';
import { PagedList } from '../../../components/paged-list';
import { listSortOf, SortableTh, type SortColumns } from '../../../components/sortable-header';
import type { CsvColumn } from '../../../lib/csv';
import { formatDateTime } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { useAuditEntries } from '../api/audit';

const json = (value: unknown) => (value === undefined ? 'null' : JSON.stringify(value, null, 2));
const statusColour = (status: number) => (status >= 500 ? 'red' : status >= 400 ? 'orange' : 'green');

/**
 * The audit log, newest first (or oldest first: it is a chain written in time order, so time is its
 * only order): filter by actor and action, open an entry to read its target and detail.
 */
export function AuditLog() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const list = useListParams(['actor', 'action']);
  const sort = listSortOf(list, auditSortKeys, { key: 'at', direction: 'desc' });
  const sortColumns: SortColumns<AuditSortKey> = { at: { kind: 'date', label: t('audit.columns.at') } };
  const query = useAuditEntries({
    pageNo: list.pageNo,
    pageSize: list.pageSize,
    actor: list.filters.actor,
    action: list.filters.action,
    sort: sort.param,
  });
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const isPhone = useMediaQuery('(max-width: 48em)');

  const csvColumns: CsvColumn<AuditEntry>[] = [
    { header: 'id', value: (e) => e.id },
    { header: t('audit.columns.at'), value: (e) => e.at },
    { header: t('audit.columns.actor'), value: (e) => e.actor },
    { header: t('audit.columns.roles'), value: (e) => e.roles.join(' ') },
    { header: t('audit.columns.action'), value: (e) => e.action },
    { header: t('audit.columns.status'), value: (e) => e.status },
    { header: t('audit.columns.merchant'), value: (e) => e.merchant ?? '' },
    { header: t('audit.columns.ip'), value: (e) => e.ip },
    { header: t('audit.target'), value: (e) => JSON.stringify(e.target ?? null) },
    { header: t('audit.detail'), value: (e) => JSON.stringify(e.detail ?? null) },
  ];

  return (
    <>
      <PagedList
        query={query}
        pageNo={list.pageNo}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        emptyText={list.filters.actor || list.filters.action ? t('common.emptyFilterHint') : t('audit.empty')}
        toolbar={
          <AuditFilters
            actor={list.filters.actor}
            action={list.filters.action}
            onApply={(actor, action) => list.setFilters({ actor: actor || null, action: action || null })}
          />
        }
        csv={{ fileName: `audit-page-${list.pageNo}.csv`, columns: csvColumns }}
      >
        {(rows) => (
          <Table.ScrollContainer minWidth={860}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <SortableTh control={sort} columns={sortColumns} sortKey="at" />
                  <Table.Th>{t('audit.columns.actor')}</Table.Th>
                  <Table.Th>{t('audit.columns.action')}</Table.Th>
                  <Table.Th>{t('audit.columns.status')}</Table.Th>
                  <Table.Th>{t('audit.columns.merchant')}</Table.Th>
                  <Table.Th>{t('audit.columns.ip')}</Table.Th>
                  <Table.Th>{t('common.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((entry) => (
                  <Table.Tr key={entry.id} onClick={() => setOpen(entry)} style={{ cursor: 'pointer' }}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at, lang)}</Table.Td>
                    <Table.Td>
                      {entry.actor}
                      <Text size="xs" c="dimmed">
                        {entry.roles.join(', ')}
                      </Text>
                    </Table.Td>
                    <Table.Td ff="monospace" fz="xs" style={{ overflowWrap: 'anywhere' }}>
                      {entry.action}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={statusColour(entry.status)} variant="light">
                        {entry.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{entry.merchant ?? t('common.none')}</Table.Td>
                    <Table.Td ff="monospace" fz="xs">
                      {entry.ip}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t('audit.openEntry', { id: entry.id })}
                        onClick={(event) => {
                          event.stopPropagation();
                          setOpen(entry);
                        }}
                      >
                        {t('common.details')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </PagedList>
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size={isPhone ? '100%' : 'xl'}
        title={open ? t('audit.entryTitle', { id: open.id }) : ''}
      >
        {open ? <AuditEntryDetail entry={open} /> : null}
      </Drawer>
    </>
  );
}

function AuditFilters({
  actor,
  action,
  onApply,
}: {
  actor: string;
  action: string;
  onApply: (actor: string, action: string) => void;
}) {
  const { t } = useTranslation();
  const [actorText, setActorText] = useState(actor);
  const [actionText, setActionText] = useState(action);
  // The address may change the filters (back button): the fields follow.
  useEffect(() => setActorText(actor), [actor]);
  useEffect(() => setActionText(action), [action]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(actorText.trim(), actionText.trim());
  };

  return (
    <form
      onSubmit={submit}
      style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--mantine-spacing-sm)', alignItems: 'flex-end' }}
    >
      <TextInput
        label={t('audit.actor')}
        w={180}
        maxLength={64}
        value={actorText}
        onChange={(event) => setActorText(event.currentTarget.value)}
      />
      <TextInput
        label={t('audit.action')}
        placeholder={t('audit.actionPlaceholder')}
        w={220}
        maxLength={128}
        value={actionText}
        onChange={(event) => setActionText(event.currentTarget.value)}
      />
      <Button type="submit" variant="light">
        {t('audit.apply')}
      </Button>
      {actor || action ? (
        <Button variant="subtle" onClick={() => onApply('', '')}>
          {t('audit.clear')}
        </Button>
      ) : null}
    </form>
  );
}

function AuditEntryDetail({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  const facts: Fact[] = [
    { label: t('audit.columns.at'), value: formatDateTime(entry.at, i18n.language) },
    { label: t('audit.columns.actor'), value: entry.actor },
    { label: t('audit.columns.roles'), value: entry.roles.join(', ') || t('common.none') },
    { label: t('audit.columns.action'), value: <Code>{entry.action}</Code> },
    { label: t('audit.columns.status'), value: entry.status },
    { label: t('audit.columns.merchant'), value: entry.merchant ?? t('common.none') },
    { label: t('audit.columns.ip'), value: entry.ip },
  ];
  return (
    <Stack gap="md">
      <Facts facts={facts} />
      <Text fw={600}>{t('audit.target')}</Text>
      <Code block>{json(entry.target)}</Code>
      <Text fw={600}>{t('audit.detail')}</Text>
      <Code block>{json(entry.detail)}</Code>
    </Stack>
  );
}
