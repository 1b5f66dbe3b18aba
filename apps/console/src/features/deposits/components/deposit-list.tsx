import { Button, Card, Checkbox, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { operatorMerchantCodes } from '@sorte/shared/contracts/console';
import { type DepositSortKey, depositSortKeys } from '@sorte/shared/contracts/list-sort';
import {
  type DepositStatus,
  depositStatuses,
  type OperatorDeposit,
  type PaymentChannelCode,
  paymentChannelCodes,
} from '@sorte/shared/contracts/payments';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import { listSortOf, SortableTh, type SortColumns, SortSelect } from '../../../components/sortable-header';
import type { CsvColumn } from '../../../lib/csv';
import { formatDateTime, formatMinor, minorToDecimal } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { useDeposits } from '../api/deposits';
import { createdRange } from './created-range';
import { DepositDrawer } from './deposit-drawer';
import { DepositStatusBadges } from './deposit-status-badge';
import { type CreditDialog, ManualCreditModal } from './manual-credit-modals';

const any = 'all';
const isStatus = (value: string): value is DepositStatus =>
  (depositStatuses as readonly string[]).includes(value);
const isChannel = (value: string): value is PaymentChannelCode =>
  (paymentChannelCodes as readonly string[]).includes(value);
const isMerchant = (value: string) => (operatorMerchantCodes as readonly string[]).includes(value);

type DepositListProps = {
  /** The merchant the operator is limited to (no merchant filter then), or null. */
  merchantScope: string | null;
  canDecide: boolean;
  operatorName: string;
};

/**
 * Deposit orders, newest first or ordered by time or amount: by status, merchant, channel, player and creation day (the operator's
 * time zone), or only those whose manual credit waits for approval; a drawer per order with its
 * states, the provider's events and its manual credits.
 */
export function DepositList({ merchantScope, canDecide, operatorName }: DepositListProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const list = useListParams(['status', 'merchant', 'channel', 'username', 'from', 'to', 'awaiting']);
  const { filters } = list;
  const range = createdRange(filters.from, filters.to);
  const sort = listSortOf(list, depositSortKeys);
  const params = {
    status: isStatus(filters.status) ? filters.status : null,
    merchantCode: merchantScope === null && isMerchant(filters.merchant) ? filters.merchant : null,
    channel: isChannel(filters.channel) ? filters.channel : null,
    username: filters.username.trim() || null,
    from: range.problem === null ? range.from : null,
    to: range.problem === null ? range.to : null,
    awaitingApproval: filters.awaiting === '1',
    sort: sort.param,
    pageNo: list.pageNo,
    pageSize: list.pageSize,
  };
  const query = useDeposits(params);
  const [openId, setOpenId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<CreditDialog | null>(null);
  const isPhone = useMediaQuery('(max-width: 48em)');
  const isFiltered = Object.values(filters).some((value) => value !== '');
  const sortColumns: SortColumns<DepositSortKey> = {
    createdAt: { kind: 'date', label: t('deposits.columns.createdAt') },
    amount: { kind: 'amount', label: t('deposits.columns.amount') },
  };

  const csvColumns: CsvColumn<OperatorDeposit>[] = [
    { header: t('deposits.columns.orderId'), value: (d) => d.orderId },
    { header: t('deposits.columns.createdAt'), value: (d) => d.createdAt },
    { header: t('deposits.columns.member'), value: (d) => d.username },
    { header: t('deposits.columns.memberId'), value: (d) => d.memberId },
    { header: t('deposits.columns.merchant'), value: (d) => d.merchantCode },
    { header: t('deposits.columns.amount'), value: (d) => minorToDecimal(d.amount) },
    { header: t('deposits.columns.currency'), value: (d) => d.currency },
    { header: t('deposits.columns.channel'), value: (d) => d.channel },
    { header: t('deposits.columns.provider'), value: (d) => d.provider },
    { header: t('deposits.columns.status'), value: (d) => t(`deposits.statuses.${d.status}`) },
    { header: t('deposits.columns.providerReference'), value: (d) => d.providerReference },
    { header: t('deposits.columns.reference'), value: (d) => d.reference },
    { header: t('deposits.columns.settledAt'), value: (d) => d.settledAt ?? '' },
    {
      header: t('deposits.columns.creditedBy'),
      value: (d) => (d.creditedBy ? t(`deposits.creditedBy.${d.creditedBy}`) : ''),
    },
    {
      header: t('deposits.columns.awaitingApproval'),
      value: (d) => (d.manualCreditPending ? t('common.yes') : t('common.no')),
    },
  ];

  const toolbar = (
    <>
      <Select
        label={t('deposits.filters.status')}
        w={150}
        allowDeselect={false}
        value={params.status ?? any}
        onChange={(value) => list.setFilters({ status: value === any ? null : value })}
        data={[
          { value: any, label: t('deposits.filters.all') },
          ...depositStatuses.map((s) => ({ value: s, label: t(`deposits.statuses.${s}`) })),
        ]}
      />
      {merchantScope === null ? (
        <Select
          label={t('deposits.filters.merchant')}
          w={170}
          allowDeselect={false}
          value={params.merchantCode ?? any}
          onChange={(value) => list.setFilters({ merchant: value === any ? null : value })}
          data={[
            { value: any, label: t('common.allMerchants') },
            ...operatorMerchantCodes.map((m) => ({ value: m, label: t(`merchants.${m}`) })),
          ]}
        />
      ) : null}
      <Select
        label={t('deposits.filters.channel')}
        w={130}
        allowDeselect={false}
        value={params.channel ?? any}
        onChange={(value) => list.setFilters({ channel: value === any ? null : value })}
        data={[
          { value: any, label: t('deposits.filters.all') },
          ...paymentChannelCodes.map((c) => ({ value: c, label: c })),
        ]}
      />
      <UsernameFilter value={filters.username} onChange={(username) => list.setFilters({ username })} />
      <TextInput
        type="date"
        label={t('deposits.filters.from')}
        w={160}
        value={filters.from}
        onChange={(event) => list.setFilters({ from: event.currentTarget.value || null })}
        error={range.problem === 'fromInvalid' ? t('deposits.filters.dayInvalid') : undefined}
      />
      <TextInput
        type="date"
        label={t('deposits.filters.to')}
        w={160}
        value={filters.to}
        onChange={(event) => list.setFilters({ to: event.currentTarget.value || null })}
        error={
          range.problem === 'toInvalid'
            ? t('deposits.filters.dayInvalid')
            : range.problem === 'toBeforeFrom'
              ? t('deposits.filters.toBeforeFrom')
              : undefined
        }
      />
      <Checkbox
        label={t('deposits.filters.awaiting')}
        pb={8}
        checked={params.awaitingApproval}
        onChange={(event) => list.setFilters({ awaiting: event.currentTarget.checked ? '1' : null })}
      />
      {isPhone ? (
        <SortSelect control={sort} columns={sortColumns} defaultLabel={t('sorting.newestFirst')} />
      ) : null}
    </>
  );

  const buttonSize = isPhone ? 'sm' : 'xs';
  const details = (d: OperatorDeposit) => (
    <Button size={buttonSize} variant="default" onClick={() => setOpenId(d.orderId)}>
      {t('common.details')}
    </Button>
  );

  return (
    <>
      <PagedList
        query={query}
        pageNo={list.pageNo}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        emptyText={isFiltered ? t('common.emptyFilterHint') : t('deposits.empty')}
        toolbar={toolbar}
        csv={{ fileName: `deposits-page-${list.pageNo}.csv`, columns: csvColumns }}
      >
        {(rows) =>
          isPhone ? (
            <Stack gap="sm">
              {rows.map((d) => (
                <Card key={d.orderId} withBorder padding="sm" component="article" aria-label={d.orderId}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={700}>{formatMinor(d.amount, d.currency, lang)}</Text>
                    <DepositStatusBadges deposit={d} />
                  </Group>
                  <Text size="sm">
                    {d.username} · {d.merchantCode} · {d.channel}
                  </Text>
                  <Text size="xs" c="dimmed" mb="xs">
                    {formatDateTime(d.createdAt, lang)} · {d.orderId}
                  </Text>
                  {details(d)}
                </Card>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={900}>
              <Table striped highlightOnHover verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <SortableTh control={sort} columns={sortColumns} sortKey="createdAt" />
                    <Table.Th>{t('deposits.columns.orderId')}</Table.Th>
                    <Table.Th>{t('deposits.columns.member')}</Table.Th>
                    <SortableTh control={sort} columns={sortColumns} sortKey="amount" ta="right" />
                    <Table.Th>{t('deposits.columns.channel')}</Table.Th>
                    <Table.Th>{t('deposits.columns.status')}</Table.Th>
                    <Table.Th>{t('deposits.columns.settledAt')}</Table.Th>
                    <Table.Th>{t('common.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((d) => (
                    <Table.Tr key={d.orderId}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(d.createdAt, lang)}
                      </Table.Td>
                      <Table.Td ff="monospace" fz="xs">
                        {d.orderId}
                      </Table.Td>
                      <Table.Td>
                        {d.username}
                        <Text span size="xs" c="dimmed">
                          {' '}
                          · {d.merchantCode}
                        </Text>
                      </Table.Td>
                      <Table.Td
                        ta="right"
                        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                      >
                        {formatMinor(d.amount, d.currency, lang)}
                      </Table.Td>
                      <Table.Td>{d.channel}</Table.Td>
                      <Table.Td>
                        <DepositStatusBadges deposit={d} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(d.settledAt, lang)}
                      </Table.Td>
                      <Table.Td>{details(d)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </PagedList>
      <DepositDrawer
        orderId={openId}
        canDecide={canDecide}
        operatorName={operatorName}
        onClose={() => setOpenId(null)}
        onDialog={(chosen) => {
          // One dialog at a time: the confirmation replaces the drawer.
          setOpenId(null);
          setDialog(chosen);
        }}
      />
      <ManualCreditModal dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}

/** The player's username, sent when the operator presses Enter or the button (not on every key). */
function UsernameFilter({ value, onChange }: { value: string; onChange: (username: string | null) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(text.trim() || null);
  };
  return (
    <form onSubmit={submit}>
      <Group gap={6} align="flex-end" wrap="nowrap">
        <TextInput
          label={t('deposits.filters.username')}
          w={170}
          maxLength={64}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Button type="submit" variant="default">
          {t('deposits.filters.search')}
        </Button>
      </Group>
    </form>
  );
}
