import { Badge, Table, Text } from '@mantine/core';
import type { PlayerRound } from '@sorte/shared/contracts/console';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import type { CsvColumn } from '../../../lib/csv';
import { formatDateTime, formatMinor, minorToDecimal } from '../../../lib/format';
import { usePlayerRounds } from '../api/player-tabs';
import { useTabPaging } from '../hooks/use-tab-paging';

const statusColors = { OPEN: 'blue', CLOSED: 'gray', CANCELLED: 'orange' } as const;

/** The player's game rounds, newest first: game, vendor, bet, win and the player's result. */
export function PlayerRoundsTab({ memberId, currency }: { memberId: string; currency: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const paging = useTabPaging();
  const query = usePlayerRounds(memberId, { pageNo: paging.pageNo, pageSize: paging.pageSize });
  const totals = query.data?.totals;
  const money = (minor: number) => formatMinor(minor, currency, lang);
  const amount = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

  const csv: CsvColumn<PlayerRound>[] = [
    { header: t('playerTabs.rounds.columns.openedAt'), value: (r) => r.openedAt },
    { header: t('playerTabs.rounds.columns.game'), value: (r) => r.gameName },
    { header: t('playerTabs.rounds.columns.vendor'), value: (r) => r.vendor },
    { header: t('playerTabs.rounds.columns.stake'), value: (r) => minorToDecimal(r.stake) },
    { header: t('playerTabs.rounds.columns.payout'), value: (r) => minorToDecimal(r.payout) },
    { header: t('playerTabs.rounds.columns.profit'), value: (r) => minorToDecimal(r.profit) },
    {
      header: t('playerTabs.rounds.columns.status'),
      value: (r) => t(`playerTabs.rounds.statuses.${r.status}`),
    },
    { header: t('playerTabs.rounds.columns.round'), value: (r) => r.roundId },
  ];

  return (
    <PagedList
      query={query}
      pageNo={paging.pageNo}
      pageSize={paging.pageSize}
      onPageChange={paging.setPage}
      onPageSizeChange={paging.setPageSize}
      emptyText={t('playerTabs.rounds.empty')}
      csv={{ fileName: `rounds-${memberId}-page-${paging.pageNo}.csv`, columns: csv }}
      toolbar={
        totals && query.data?.total ? (
          <Text size="sm" style={amount}>
            {t('playerTabs.rounds.totals', {
              stake: money(totals.stake),
              payout: money(totals.payout),
              profit: money(totals.profit),
            })}
          </Text>
        ) : null
      }
    >
      {(rounds) => (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('playerTabs.rounds.columns.openedAt')}</Table.Th>
                <Table.Th>{t('playerTabs.rounds.columns.game')}</Table.Th>
                <Table.Th>{t('playerTabs.rounds.columns.vendor')}</Table.Th>
                <Table.Th ta="right">{t('playerTabs.rounds.columns.stake')}</Table.Th>
                <Table.Th ta="right">{t('playerTabs.rounds.columns.payout')}</Table.Th>
                <Table.Th ta="right">{t('playerTabs.rounds.columns.profit')}</Table.Th>
                <Table.Th>{t('playerTabs.rounds.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rounds.map((round) => (
                <Table.Tr key={`${round.vendor}:${round.roundId}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(round.openedAt, lang)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{round.gameName}</Text>
                    <Text size="xs" c="dimmed" ff="monospace" title={t('playerTabs.rounds.columns.round')}>
                      {round.roundId}
                    </Text>
                  </Table.Td>
                  <Table.Td>{round.vendor}</Table.Td>
                  <Table.Td ta="right" style={amount}>
                    {money(round.stake)}
                  </Table.Td>
                  <Table.Td ta="right" style={amount}>
                    {money(round.payout)}
                  </Table.Td>
                  <Table.Td ta="right" style={amount} c={round.profit > 0 ? 'teal' : undefined}>
                    {money(round.profit)}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={statusColors[round.status]}>
                      {t(`playerTabs.rounds.statuses.${round.status}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </PagedList>
  );
}
