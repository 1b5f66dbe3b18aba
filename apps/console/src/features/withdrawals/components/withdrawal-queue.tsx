import { Badge, Button, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type WithdrawalSortKey, withdrawalSortKeys } from '@sorte/shared/contracts/list-sort';
import { type WithdrawalStatus, withdrawalStatuses } from '@sorte/shared/contracts/payments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import { listSortOf, SortableTh, type SortColumns, SortSelect } from '../../../components/sortable-header';
import type { CsvColumn } from '../../../lib/csv';
import { formatDateTime, formatMinor, minorToDecimal } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { type OperatorWithdrawal, useWithdrawals } from '../api/withdrawals';
import { DecisionButtons } from './decision-buttons';
import { type Decision, DecisionModal } from './decision-modals';
import { hasPayoutProblem, memberOf } from './describe';
import { RiskAlertBadges } from './risk-alert-badges';
import { WithdrawalDrawer } from './withdrawal-drawer';
import { WithdrawalStatusBadge } from './withdrawal-status-badge';

const allStatuses = 'all';
/** The queue opens on what waits for a decision: the locked (pending) withdrawals, oldest first. */
const defaultStatus: WithdrawalStatus = 'locked';
/** Beside the statuses, the filter offers the members' disputes: open (oldest first) and settled. */
const disputeViews = { disputed: 'open', disputesSettled: 'resolved' } as const;
type DisputeView = keyof typeof disputeViews;

const isStatus = (value: string): value is WithdrawalStatus =>
  (withdrawalStatuses as readonly string[]).includes(value);
const isDisputeView = (value: string): value is DisputeView => value in disputeViews;

/** The withdrawals queue: filter by status, order by time or amount, page through, open one, approve or reject. */
export function WithdrawalQueue({ canDecide }: { canDecide: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const list = useListParams(['status'], { status: defaultStatus });
  const statusFilterValue = isStatus(list.filters.status) ? list.filters.status : null;
  const disputeView = isDisputeView(list.filters.status) ? list.filters.status : null;
  const sort = listSortOf(list, withdrawalSortKeys);
  const query = useWithdrawals({
    status: statusFilterValue,
    dispute: disputeView ? disputeViews[disputeView] : null,
    sort: sort.param,
    pageNo: list.pageNo,
    pageSize: list.pageSize,
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  const isPhone = useMediaQuery('(max-width: 48em)');
  const sortColumns: SortColumns<WithdrawalSortKey> = {
    createdAt: { kind: 'date', label: t('withdrawals.columns.createdAt') },
    amount: { kind: 'amount', label: t('withdrawals.columns.amount') },
  };

  const csvColumns: CsvColumn<OperatorWithdrawal>[] = [
    { header: t('withdrawals.columns.id'), value: (w) => w.withdrawalId },
    { header: t('withdrawals.columns.createdAt'), value: (w) => w.createdAt },
    { header: t('withdrawals.columns.member'), value: (w) => w.username ?? '' },
    { header: t('withdrawals.detail.memberId'), value: (w) => w.memberId },
    { header: t('withdrawals.columns.merchant'), value: (w) => w.merchantCode ?? '' },
    { header: t('withdrawals.columns.amount'), value: (w) => minorToDecimal(w.amount) },
    { header: t('withdrawals.columns.currency'), value: (w) => w.currency },
    { header: t('withdrawals.columns.channel'), value: (w) => w.channel },
    { header: t('withdrawals.columns.payee'), value: (w) => w.holderName },
    { header: t('withdrawals.columns.account'), value: (w) => w.maskedAccount },
    { header: t('withdrawals.columns.status'), value: (w) => t(`withdrawals.statuses.${w.status}`) },
    { header: t('withdrawals.detail.decidedAt'), value: (w) => w.decidedAt ?? '' },
    { header: t('withdrawals.detail.operator'), value: (w) => w.operator ?? '' },
    { header: t('withdrawals.detail.reason'), value: (w) => w.reason ?? '' },
    {
      header: t('withdrawals.columns.dispute'),
      value: (w) => (w.dispute ? t(`withdrawals.dispute.states.${w.dispute.state}`) : ''),
    },
    {
      header: t('withdrawals.columns.risk'),
      value: (w) => (w.riskAlerts ?? []).map((a) => t(`withdrawals.risk.alerts.${a}`)).join('; '),
    },
  ];

  // Bigger buttons on a phone, for a thumb.
  const buttonSize = isPhone ? 'sm' : 'xs';
  const actions = (withdrawal: OperatorWithdrawal) => (
    <Group gap={6} wrap="nowrap">
      <Button size={buttonSize} variant="default" onClick={() => setOpenId(withdrawal.withdrawalId)}>
        {t('common.details')}
      </Button>
      {canDecide ? (
        <DecisionButtons withdrawal={withdrawal} size={buttonSize} onDecide={setDecision} />
      ) : null}
    </Group>
  );

  const statusOf = (w: OperatorWithdrawal) => (
    <Group gap={4} wrap="nowrap">
      <WithdrawalStatusBadge status={w.status} />
      {hasPayoutProblem(w) ? (
        <Badge color="red" variant="filled" title={w.payoutError ?? undefined}>
          {t('withdrawals.payoutFailed')}
        </Badge>
      ) : null}
      {w.dispute ? (
        <Badge
          color={w.dispute.state === 'open' ? 'orange' : 'gray'}
          variant={w.dispute.state === 'open' ? 'filled' : 'light'}
          styles={{ label: { overflow: 'visible' } }}
        >
          {w.dispute.state === 'open'
            ? t('withdrawals.dispute.badge')
            : t(`withdrawals.dispute.states.${w.dispute.state}`)}
        </Badge>
      ) : null}
    </Group>
  );

  const statusFilter = (
    <Select
      label={t('withdrawals.status')}
      w={220}
      allowDeselect={false}
      value={statusFilterValue ?? disputeView ?? allStatuses}
      onChange={(value) => list.setFilters({ status: value === defaultStatus ? null : value })}
      data={[
        ...withdrawalStatuses.map((s) => ({ value: s, label: t(`withdrawals.statuses.${s}`) })),
        { value: 'disputed', label: t('withdrawals.dispute.filterOpen') },
        { value: 'disputesSettled', label: t('withdrawals.dispute.filterSettled') },
        { value: allStatuses, label: t('withdrawals.allStatuses') },
      ]}
    />
  );

  return (
    <>
      <PagedList
        query={query}
        pageNo={list.pageNo}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        emptyText={disputeView ? t('withdrawals.dispute.empty') : t('withdrawals.empty')}
        toolbar={
          <>
            {statusFilter}
            {isPhone ? (
              <SortSelect
                control={sort}
                columns={sortColumns}
                defaultLabel={disputeView ? t('sorting.ownOrder') : t('sorting.queueOrder')}
              />
            ) : null}
            {sort.chosen === null && (statusFilterValue === 'locked' || disputeView === 'disputed') ? (
              <Text size="sm" c="dimmed" pb={8}>
                {t('withdrawals.pendingOrder')}
              </Text>
            ) : null}
          </>
        }
        csv={{
          fileName: `withdrawals-${statusFilterValue ?? disputeView ?? allStatuses}-page-${list.pageNo}.csv`,
          columns: csvColumns,
        }}
      >
        {(rows) =>
          isPhone ? (
            <Stack gap="sm">
              {rows.map((w) => (
                <Card
                  key={w.withdrawalId}
                  withBorder
                  padding="sm"
                  component="article"
                  aria-label={w.withdrawalId}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={700}>{formatMinor(w.amount, w.currency, lang)}</Text>
                    {statusOf(w)}
                  </Group>
                  <Text size="sm">
                    {memberOf(w)}
                    {w.merchantCode ? ` · ${w.merchantCode}` : ''} · {w.channel}
                  </Text>
                  <RiskAlertBadges alerts={w.riskAlerts ?? []} />
                  <Text size="sm" c="dimmed">
                    {w.holderName} · {w.maskedAccount}
                  </Text>
                  <Text size="xs" c="dimmed" mb="xs">
                    {formatDateTime(w.createdAt, lang)} · {w.withdrawalId}
                  </Text>
                  {actions(w)}
                </Card>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={980}>
              <Table striped highlightOnHover verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <SortableTh control={sort} columns={sortColumns} sortKey="createdAt" />
                    <Table.Th>{t('withdrawals.columns.id')}</Table.Th>
                    <Table.Th>{t('withdrawals.columns.member')}</Table.Th>
                    <SortableTh control={sort} columns={sortColumns} sortKey="amount" ta="right" />
                    <Table.Th>{t('withdrawals.columns.channel')}</Table.Th>
                    <Table.Th>{t('withdrawals.columns.payee')}</Table.Th>
                    <Table.Th>{t('withdrawals.columns.status')}</Table.Th>
                    <Table.Th>{t('common.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((w) => (
                    <Table.Tr key={w.withdrawalId}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(w.createdAt, lang)}
                      </Table.Td>
                      <Table.Td ff="monospace" fz="xs">
                        {w.withdrawalId}
                      </Table.Td>
                      <Table.Td>
                        {memberOf(w)}
                        {w.merchantCode ? (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            · {w.merchantCode}
                          </Text>
                        ) : null}
                        <RiskAlertBadges alerts={w.riskAlerts ?? []} />
                      </Table.Td>
                      <Table.Td
                        ta="right"
                        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                      >
                        {formatMinor(w.amount, w.currency, lang)}
                      </Table.Td>
                      <Table.Td>{w.channel}</Table.Td>
                      <Table.Td>
                        {w.holderName}
                        <Text size="xs" c="dimmed">
                          {w.maskedAccount}
                        </Text>
                      </Table.Td>
                      <Table.Td>{statusOf(w)}</Table.Td>
                      <Table.Td>{actions(w)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </PagedList>
      <WithdrawalDrawer
        withdrawalId={openId}
        canDecide={canDecide}
        onClose={() => setOpenId(null)}
        onDecide={(chosen) => {
          // One dialog at a time: the confirmation replaces the drawer.
          setOpenId(null);
          setDecision(chosen);
        }}
      />
      <DecisionModal decision={decision} onClose={() => setDecision(null)} />
    </>
  );
}
