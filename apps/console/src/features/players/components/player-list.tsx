import { Button, Card, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { PlayerSummary } from '@sorte/shared/contracts/console';
import { type PlayerSortKey, playerSortKeys } from '@sorte/shared/contracts/list-sort';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagedList } from '../../../components/paged-list';
import { listSortOf, SortableTh, type SortColumns, SortSelect } from '../../../components/sortable-header';
import type { CsvColumn } from '../../../lib/csv';
import { formatDateTime } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { type PlayerStatusFilter, usePlayers } from '../api/players';
import { PlayerStatusBadge, playerTypeKey } from './player-badges';

const allStatuses = 'all';
const isStatus = (value: string): value is PlayerStatusFilter => value === 'active' || value === 'blocked';

/** Players: search, filter by state, order by registration, last sign-in or username, page through, open one. */
export function PlayerList() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const list = useListParams(['q', 'status']);
  const status = isStatus(list.filters.status) ? list.filters.status : null;
  const sort = listSortOf(list, playerSortKeys);
  const query = usePlayers({
    q: list.filters.q,
    status,
    sort: sort.param,
    pageNo: list.pageNo,
    pageSize: list.pageSize,
  });
  const isPhone = useMediaQuery('(max-width: 48em)');
  const sortColumns: SortColumns<PlayerSortKey> = {
    createdAt: { kind: 'date', label: t('players.columns.createdAt') },
    lastSignInAt: { kind: 'date', label: t('sorting.lastSignIn') },
    username: { kind: 'text', label: t('players.columns.username') },
  };
  const header = (key: PlayerSortKey) => <SortableTh control={sort} columns={sortColumns} sortKey={key} />;
  const lastSignIn = (p: PlayerSummary) =>
    p.lastSignInAt ? formatDateTime(p.lastSignInAt, lang) : t('sorting.neverSignedIn');

  const csvColumns: CsvColumn<PlayerSummary>[] = [
    { header: t('players.columns.id'), value: (p) => p.id },
    { header: t('players.columns.username'), value: (p) => p.username },
    { header: t('players.columns.merchant'), value: (p) => p.merchantCode },
    { header: t('players.columns.type'), value: (p) => t(playerTypeKey(p.type)) },
    { header: t('players.columns.mobile'), value: (p) => p.mobile ?? '' },
    { header: t('players.columns.email'), value: (p) => p.email ?? '' },
    {
      header: t('players.columns.status'),
      value: (p) => (p.blocked ? t('players.statuses.blocked') : t('players.statuses.active')),
    },
    { header: t('players.columns.createdAt'), value: (p) => p.createdAt },
    { header: t('sorting.lastSignIn'), value: (p) => p.lastSignInAt ?? '' },
    { header: t('players.columns.registrationIp'), value: (p) => p.registrationIp ?? '' },
  ];

  const open = (p: PlayerSummary) => (
    <Button
      component={Link}
      to={`/players/${encodeURIComponent(p.id)}`}
      size={isPhone ? 'sm' : 'xs'}
      variant="default"
      aria-label={t('players.open', { username: p.username })}
    >
      {t('common.details')}
    </Button>
  );
  const contact = (p: PlayerSummary) => [p.mobile, p.email].filter(Boolean).join(' · ') || t('common.none');

  return (
    <PagedList
      query={query}
      pageNo={list.pageNo}
      pageSize={list.pageSize}
      onPageChange={list.setPage}
      onPageSizeChange={list.setPageSize}
      emptyText={list.filters.q || status ? t('players.emptySearch') : t('players.empty')}
      toolbar={
        <>
          <PlayerSearch q={list.filters.q} onSearch={(q) => list.setFilters({ q: q || null })} />
          <Select
            label={t('players.status')}
            w={160}
            allowDeselect={false}
            value={status ?? allStatuses}
            onChange={(value) => list.setFilters({ status: value === allStatuses ? null : value })}
            data={[
              { value: allStatuses, label: t('players.allStatuses') },
              { value: 'active', label: t('players.statuses.active') },
              { value: 'blocked', label: t('players.statuses.blocked') },
            ]}
          />
          {isPhone ? (
            <SortSelect control={sort} columns={sortColumns} defaultLabel={t('sorting.newestFirst')} />
          ) : null}
        </>
      }
      csv={{
        fileName: `players-${status ?? allStatuses}-page-${list.pageNo}.csv`,
        columns: csvColumns,
      }}
    >
      {(rows) =>
        isPhone ? (
          <Stack gap="sm">
            {rows.map((p) => (
              <Card key={p.id} withBorder padding="sm" component="article" aria-label={p.username}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                    {p.username}
                  </Text>
                  <PlayerStatusBadge isBlocked={p.blocked} />
                </Group>
                <Text size="sm">
                  #{p.id} · {p.merchantCode} · {t(playerTypeKey(p.type))}
                </Text>
                {p.mobile || p.email ? (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {contact(p)}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed">
                  {formatDateTime(p.createdAt, lang)}
                  {p.registrationIp ? ` · ${p.registrationIp}` : ''}
                </Text>
                <Text size="xs" c="dimmed" mb="xs">
                  {t('sorting.lastSignIn')}: {lastSignIn(p)}
                </Text>
                {open(p)}
              </Card>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={1040}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  {header('username')}
                  <Table.Th>{t('players.columns.merchant')}</Table.Th>
                  <Table.Th>{t('players.columns.contact')}</Table.Th>
                  {header('createdAt')}
                  {header('lastSignInAt')}
                  <Table.Th>{t('players.columns.registrationIp')}</Table.Th>
                  <Table.Th>{t('players.columns.status')}</Table.Th>
                  <Table.Th>{t('common.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {p.username}
                      </Text>
                      <Text size="xs" c="dimmed">
                        #{p.id} · {t(playerTypeKey(p.type))}
                      </Text>
                    </Table.Td>
                    <Table.Td>{p.merchantCode}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{contact(p)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.createdAt, lang)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastSignIn(p)}</Table.Td>
                    <Table.Td ff="monospace" fz="xs">
                      {p.registrationIp ?? t('common.none')}
                    </Table.Td>
                    <Table.Td>
                      <PlayerStatusBadge isBlocked={p.blocked} />
                    </Table.Td>
                    <Table.Td>{open(p)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      }
    </PagedList>
  );
}

/** The search box: applied on Enter or the button, so typing does not send a search per key. */
function PlayerSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const [text, setText] = useState(q);
  // The address may change the search (back button): the field follows.
  useEffect(() => setText(q), [q]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <search>
      <form
        onSubmit={submit}
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 'var(--mantine-spacing-sm)',
          alignItems: 'flex-end',
        }}
      >
        <TextInput
          type="search"
          label={t('players.search')}
          placeholder={t('players.searchPlaceholder')}
          // The placeholder says what the search matches; it does not fit on a phone, so it is said below too.
          description={isPhone ? t('players.searchPlaceholder') : undefined}
          w={{ base: '100%', sm: 500 }}
          maxLength={128}
          autoCapitalize="none"
          spellCheck={false}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Button type="submit" variant="light">
          {t('players.searchSubmit')}
        </Button>
        {q ? (
          <Button variant="subtle" onClick={() => onSearch('')}>
            {t('players.clearSearch')}
          </Button>
        ) : null}
      </form>
    </search>
  );
}
