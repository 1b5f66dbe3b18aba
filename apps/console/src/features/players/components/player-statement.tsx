import { Badge, Button, Group, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import {
  type PlayerLedgerAccount,
  type PlayerStatementEntry,
  playerLedgerAccounts,
} from '@sorte/shared/contracts/console';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-states';
import { errorMessage } from '../../../lib/api';
import { type CsvColumn, downloadCsv } from '../../../lib/csv';
import { formatDateTime, formatMinor, minorToDecimal } from '../../../lib/format';
import { pageSizes } from '../../../lib/use-list-params';
import { usePlayerStatement } from '../api/player-tabs';

const isAccount = (value: string): value is PlayerLedgerAccount =>
  (playerLedgerAccounts as readonly string[]).includes(value);

/**
 * The ledger statement of one of the player's accounts: newest first, each movement with the
 * balance right after it. Pages go by position ("Older" continues before the last row shown), so a
 * movement made meanwhile never shifts the rows of the page being read.
 */
export function PlayerStatementTab({ memberId, currency }: { memberId: string; currency: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [account, setAccount] = useState<PlayerLedgerAccount>('cash');
  const [limit, setLimit] = useState(20);
  // Where each page after the first starts; the last one is the page on screen.
  const [starts, setStarts] = useState<string[]>([]);
  const query = usePlayerStatement(memberId, { account, beforeId: starts.at(-1) ?? null, limit });
  const statement = query.data;
  const entries = statement?.entries ?? [];
  const money = (minor: number) => formatMinor(minor, currency, lang);
  const restart = () => setStarts([]);

  const csv: CsvColumn<PlayerStatementEntry>[] = [
    { header: t('playerTabs.statement.columns.createdAt'), value: (e) => e.createdAt },
    {
      header: t('playerTabs.statement.columns.type'),
      value: (e) => t(`playerTabs.statement.types.${e.type}`),
    },
    { header: t('playerTabs.statement.columns.kind'), value: (e) => e.kind },
    { header: t('playerTabs.statement.columns.amount'), value: (e) => minorToDecimal(e.amount) },
    { header: t('playerTabs.statement.columns.balanceAfter'), value: (e) => minorToDecimal(e.balanceAfter) },
    { header: t('playerTabs.statement.columns.transfer'), value: (e) => e.transferId },
  ];

  let body = null;
  if (query.isPending) body = <ListSkeleton />;
  else if (query.isError && !statement)
    body = <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  else if (entries.length === 0) body = <ListEmpty text={t('playerTabs.statement.empty')} />;
  else
    body = (
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('playerTabs.statement.columns.createdAt')}</Table.Th>
              <Table.Th>{t('playerTabs.statement.columns.type')}</Table.Th>
              <Table.Th ta="right">{t('playerTabs.statement.columns.amount')}</Table.Th>
              <Table.Th ta="right">{t('playerTabs.statement.columns.balanceAfter')}</Table.Th>
              <Table.Th>{t('playerTabs.statement.columns.transfer')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.entryId}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt, lang)}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Badge variant="light" color={entry.amount < 0 ? 'orange' : 'teal'}>
                      {t(`playerTabs.statement.types.${entry.type}`)}
                    </Badge>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {entry.kind}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {entry.amount > 0 ? '+' : ''}
                  {money(entry.amount)}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {money(entry.balanceAfter)}
                </Table.Td>
                <Table.Td ff="monospace" fz="xs">
                  {entry.transferId}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <SegmentedControl
          aria-label={t('playerTabs.statement.account')}
          value={account}
          onChange={(value) => {
            if (!isAccount(value)) return;
            setAccount(value);
            restart();
          }}
          data={playerLedgerAccounts.map((value) => ({
            value,
            label: t(`playerTabs.statement.accounts.${value}`),
          }))}
        />
        <Button
          variant="default"
          size="sm"
          disabled={entries.length === 0}
          title={t('common.exportCsvHint')}
          onClick={() => downloadCsv(`statement-${memberId}-${account}.csv`, csv, entries)}
        >
          {t('common.exportCsv')}
        </Button>
      </Group>
      {query.isError && statement ? (
        <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : null}
      <div aria-busy={query.isFetching} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        {body}
      </div>
      {entries.length > 0 || starts.length > 0 ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('playerTabs.statement.pageHint', { page: starts.length + 1 })}
          </Text>
          <Group gap="sm">
            <Select
              aria-label={t('common.rowsPerPage')}
              w={90}
              size="sm"
              allowDeselect={false}
              data={pageSizes.map(String)}
              value={String(limit)}
              onChange={(value) => {
                if (!value) return;
                setLimit(Number(value));
                restart();
              }}
            />
            <Button
              variant="default"
              size="sm"
              disabled={starts.length === 0}
              onClick={() => setStarts((current) => current.slice(0, -1))}
            >
              {t('playerTabs.statement.newer')}
            </Button>
            <Button
              variant="default"
              size="sm"
              disabled={!statement?.nextBeforeId || query.isPlaceholderData}
              onClick={() => {
                const next = statement?.nextBeforeId;
                if (next) setStarts((current) => [...current, next]);
              }}
            >
              {t('playerTabs.statement.older')}
            </Button>
          </Group>
        </Group>
      ) : null}
    </Stack>
  );
}
