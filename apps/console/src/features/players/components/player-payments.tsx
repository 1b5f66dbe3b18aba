import { Badge, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import type { PlayerDeposit, PlayerWithdrawal } from '@sorte/shared/contracts/console';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import type { CsvColumn } from '../../../lib/csv';
import { formatDateTime, formatMinor, minorToDecimal } from '../../../lib/format';
import { usePlayerDeposits, usePlayerWithdrawals } from '../api/player-tabs';
import { useTabPaging } from '../hooks/use-tab-paging';

type Kind = 'deposits' | 'withdrawals';
const amountStyle = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const depositColors = { pending: 'blue', paid: 'green', failed: 'red', expired: 'gray' } as const;
const withdrawalColors = { locked: 'blue', approved: 'cyan', paid: 'green', rejected: 'red' } as const;

/** The player's deposit orders or withdrawals, newest first, with their state. */
export function PlayerPaymentsTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('deposits');
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t('playerTabs.payments.kind')}
        w="fit-content"
        value={kind}
        onChange={(value) => setKind(value === 'withdrawals' ? 'withdrawals' : 'deposits')}
        data={[
          { value: 'deposits', label: t('playerTabs.payments.deposits') },
          { value: 'withdrawals', label: t('playerTabs.payments.withdrawals') },
        ]}
      />
      {kind === 'deposits' ? <Deposits memberId={memberId} /> : <Withdrawals memberId={memberId} />}
    </Stack>
  );
}

function Deposits({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const paging = useTabPaging();
  const query = usePlayerDeposits(memberId, { pageNo: paging.pageNo, pageSize: paging.pageSize });
  const status = (d: PlayerDeposit) => t(`playerTabs.payments.depositStatuses.${d.status}`);
  const csv: CsvColumn<PlayerDeposit>[] = [
    { header: t('playerTabs.payments.columns.createdAt'), value: (d) => d.createdAt },
    { header: t('playerTabs.payments.columns.order'), value: (d) => d.orderNo },
    { header: t('playerTabs.payments.columns.channel'), value: (d) => d.channel },
    { header: t('playerTabs.payments.columns.amount'), value: (d) => minorToDecimal(d.amount) },
    { header: t('playerTabs.payments.columns.currency'), value: (d) => d.currency },
    { header: t('playerTabs.payments.columns.status'), value: status },
    { header: t('playerTabs.payments.columns.settledAt'), value: (d) => d.settledAt ?? '' },
  ];
  return (
    <PagedList
      query={query}
      pageNo={paging.pageNo}
      pageSize={paging.pageSize}
      onPageChange={paging.setPage}
      onPageSizeChange={paging.setPageSize}
      emptyText={t('playerTabs.payments.emptyDeposits')}
      csv={{ fileName: `deposits-${memberId}-page-${paging.pageNo}.csv`, columns: csv }}
    >
      {(deposits) => (
        <Table.ScrollContainer minWidth={680}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('playerTabs.payments.columns.createdAt')}</Table.Th>
                <Table.Th>{t('playerTabs.payments.columns.order')}</Table.Th>
                <Table.Th>{t('playerTabs.payments.columns.channel')}</Table.Th>
                <Table.Th ta="right">{t('playerTabs.payments.columns.amount')}</Table.Th>
                <Table.Th>{t('playerTabs.payments.columns.status')}</Table.Th>
                <Table.Th>{t('playerTabs.payments.columns.settledAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deposits.map((d) => (
                <Table.Tr key={d.orderNo}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.createdAt, lang)}</Table.Td>
                  <Table.Td ff="monospace" fz="xs">
                    {d.orderNo}
                  </Table.Td>
                  <Table.Td>{d.channel}</Table.Td>
                  <Table.Td ta="right" style={amountStyle}>
                    {formatMinor(d.amount, d.currency, lang)}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={depositColors[d.status]}>
                      {status(d)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.settledAt, lang)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </PagedList>
  );
}

function Withdrawals({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const paging = useTabPaging();
  const query = usePlayerWithdrawals(memberId, { pageNo: paging.pageNo, pageSize: paging.pageSize });
  const status = (w: PlayerWithdrawal) => t(`playerTabs.payments.withdrawalStatuses.${w.status}`);
  const csv: CsvColumn<PlayerWithdrawal>[] = [
    { header: t('playerTabs.payments.columns.createdAt'), value: (w) => w.createdAt },
    { header: t('playerTabs.payments.columns.withdrawal'), value: (w) => w.withdrawalNo },
    { header: t('playerTabs.payments.columns.channel'), value: (w) => w.channel },
    { header: t('playerTabs.payments.columns.account'), value: (w) => w.account },
    { header: t('playerTabs.payments.columns.amount'), value: (w) => minorToDecimal(w.amount) },
    { header: t('playerTabs.payments.columns.currency'), value: (w) => w.currency },
    { header: t('playerTabs.payments.columns.status'), value: status },
    {
      header: t('playerTabs.payments.columns.payoutFailed'),
      value: (w) => (w.payoutFailed ? t('common.yes') : ''),
    },
    { header: t('playerTabs.payments.columns.reason'), value: (w) => w.reason ?? '' },
    { header: t('playerTabs.payments.columns.decidedAt'), value: (w) => w.decidedAt ?? '' },
    { header: t('playerTabs.payments.columns.paidAt'), value: (w) => w.paidAt ?? '' },
  ];
  return (
    <PagedList
      query={query}
      pageNo={paging.pageNo}
      pageSize={paging.pageSize}
      onPageChange={paging.setPage}
      onPageSizeChange={paging.setPageSize}
      emptyText={t('playerTabs.payments.emptyWithdrawals')}
      csv={{ fileName: `withdrawals-${memberId}-page-${paging.pageNo}.csv`, columns: csv }}
    >
      {(withdrawals) => (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('playerTabs.payments.columns.createdAt')}</Table.Th>
                <Table.Th>{t('playerTabs.payments.columns.withdrawal')}</Table.Th>
                <Table.Th>{t('playerTabs.payments.columns.account')}</Table.Th>
                <Table.Th ta="right">{t('playerTabs.payments.columns.amount')}</Table.Th>
                <Table.Th>{t('playerTabs.payments.columns.status')}</Table.Th>
                <Table.Th>{t('playerTabs.payments.columns.paidAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {withdrawals.map((w) => (
                <Table.Tr key={w.withdrawalNo}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(w.createdAt, lang)}</Table.Td>
                  <Table.Td ff="monospace" fz="xs">
                    {w.withdrawalNo}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{w.channel}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {w.account}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={amountStyle}>
                    {formatMinor(w.amount, w.currency, lang)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge variant="light" color={withdrawalColors[w.status]}>
                        {status(w)}
                      </Badge>
                      {w.payoutFailed ? (
                        <Badge variant="filled" color="red">
                          {t('playerTabs.payments.payoutFailed')}
                        </Badge>
                      ) : null}
                    </Group>
                    {w.reason ? (
                      <Text size="xs" c="dimmed" lineClamp={2} title={w.reason}>
                        {w.reason}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(w.paidAt, lang)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </PagedList>
  );
}
