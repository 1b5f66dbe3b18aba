import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type Adjustment, adjustmentStatuses } from '@sorte/shared/contracts/console';
import { type AdjustmentSortKey, adjustmentSortKeys } from '@sorte/shared/contracts/list-sort';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagedList } from '../../../components/paged-list';
import { listSortOf, SortableTh, type SortColumns, SortSelect } from '../../../components/sortable-header';
import type { CsvColumn } from '../../../lib/csv';
import { formatDateTime, minorToDecimal } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { type AdjustmentStatus, useAdjustments } from '../api/adjustments';
import { AdjustmentDecisionModal, type PendingDecision } from './adjustment-decision-modal';
import { AdjustmentStatusBadge } from './adjustment-status-badge';
import { isOwnRequest, signedAmount } from './describe';

/** The list opens on every status, the waiting ones first (oldest first), then the rest newest first. */
const allStatuses = 'all';
const isStatus = (value: string): value is AdjustmentStatus =>
  (adjustmentStatuses as readonly string[]).includes(value);

/** Manual adjustments: the ones waiting for a second operator, approve or reject; the history. */
export function AdjustmentList({ operatorUsername }: { operatorUsername: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const list = useListParams(['status']);
  const status = isStatus(list.filters.status) ? list.filters.status : null;
  const sort = listSortOf(list, adjustmentSortKeys);
  const query = useAdjustments({ status, sort: sort.param, pageNo: list.pageNo, pageSize: list.pageSize });
  const [decision, setDecision] = useState<PendingDecision | null>(null);
  const isPhone = useMediaQuery('(max-width: 48em)');
  const buttonSize = isPhone ? 'sm' : 'xs';
  const sortColumns: SortColumns<AdjustmentSortKey> = {
    requestedAt: { kind: 'date', label: t('adjustments.columns.requestedAt') },
    amount: { kind: 'amount', label: t('adjustments.columns.amount') },
  };

  const csvColumns: CsvColumn<Adjustment>[] = [
    { header: t('adjustments.columns.id'), value: (a) => a.id },
    { header: t('adjustments.columns.requestedAt'), value: (a) => a.requestedAt },
    { header: t('adjustments.columns.player'), value: (a) => a.username },
    { header: t('adjustments.columns.memberId'), value: (a) => a.memberId },
    { header: t('adjustments.columns.merchant'), value: (a) => a.merchantCode },
    { header: t('adjustments.columns.direction'), value: (a) => t(`adjustments.directions.${a.direction}`) },
    { header: t('adjustments.columns.account'), value: (a) => t(`adjustments.accounts.${a.account}`) },
    { header: t('adjustments.columns.amount'), value: (a) => minorToDecimal(a.amount) },
    { header: t('adjustments.columns.currency'), value: (a) => a.currency },
    { header: t('adjustments.columns.reason'), value: (a) => a.reason },
    { header: t('adjustments.columns.requestedBy'), value: (a) => a.requestedBy },
    { header: t('adjustments.columns.status'), value: (a) => t(`adjustments.statuses.${a.status}`) },
    {
      header: t('adjustments.columns.fourEyes'),
      value: (a) => (a.needsSecondOperator ? t('common.yes') : t('common.no')),
    },
    { header: t('adjustments.columns.decidedBy'), value: (a) => a.decidedBy ?? '' },
    { header: t('adjustments.columns.decidedAt'), value: (a) => a.decidedAt ?? '' },
    { header: t('adjustments.columns.decisionReason'), value: (a) => a.decisionReason ?? '' },
  ];

  const actions = (a: Adjustment) =>
    a.status === 'pending' ? (
      <Group gap={6} wrap="nowrap">
        <ApproveButton
          isOwn={isOwnRequest(a, operatorUsername)}
          size={buttonSize}
          onClick={() => setDecision({ action: 'approve', adjustment: a })}
        />
        <Button
          size={buttonSize}
          color="red"
          variant="light"
          onClick={() => setDecision({ action: 'reject', adjustment: a })}
        >
          {t('adjustments.reject')}
        </Button>
      </Group>
    ) : null;

  // Badges one above the other and never narrower than their text: a cut label ("WAIT…") says nothing.
  const statusOf = (a: Adjustment) => (
    <Stack gap={4} align="flex-start" style={{ flexShrink: 0 }}>
      <AdjustmentStatusBadge status={a.status} />
      {a.needsSecondOperator ? (
        <Badge
          color="gray"
          variant="outline"
          title={t('adjustments.fourEyesTitle')}
          styles={{ label: { overflow: 'visible' } }}
        >
          {t('adjustments.fourEyes')}
        </Badge>
      ) : null}
    </Stack>
  );
  const player = (a: Adjustment) => (
    <Anchor component={Link} to={`/players/${encodeURIComponent(a.memberId)}`} size="sm" fw={600}>
      {a.username}
    </Anchor>
  );
  const requester = (a: Adjustment) => (
    <>
      {a.requestedBy}
      {isOwnRequest(a, operatorUsername) ? (
        <Badge ml={6} size="xs" variant="light" color="blue">
          {t('adjustments.you')}
        </Badge>
      ) : null}
    </>
  );
  const decisionOf = (a: Adjustment) =>
    a.decidedBy ? (
      <>
        {a.decidedBy}
        <Text size="xs" c="dimmed">
          {formatDateTime(a.decidedAt, lang)}
        </Text>
        {a.decisionReason ? (
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            {a.decisionReason}
          </Text>
        ) : null}
      </>
    ) : (
      t('common.none')
    );

  return (
    <>
      <PagedList
        query={query}
        pageNo={list.pageNo}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        emptyText={status ? t('adjustments.emptyStatus') : t('adjustments.empty')}
        toolbar={
          <>
            <Select
              label={t('adjustments.status')}
              w={220}
              allowDeselect={false}
              value={status ?? allStatuses}
              onChange={(value) => list.setFilters({ status: value === allStatuses ? null : value })}
              data={[
                { value: allStatuses, label: t('adjustments.allStatuses') },
                ...adjustmentStatuses.map((s) => ({ value: s, label: t(`adjustments.statuses.${s}`) })),
              ]}
            />
            {isPhone ? (
              <SortSelect control={sort} columns={sortColumns} defaultLabel={t('sorting.waitingFirst')} />
            ) : null}
          </>
        }
        csv={{
          fileName: `adjustments-${status ?? allStatuses}-page-${list.pageNo}.csv`,
          columns: csvColumns,
        }}
      >
        {(rows) =>
          isPhone ? (
            <Stack gap="sm">
              {rows.map((a) => (
                <Card
                  key={a.id}
                  withBorder
                  padding="sm"
                  component="article"
                  aria-label={t('adjustments.number', { id: a.id })}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={700} c={a.direction === 'credit' ? 'green' : 'red'}>
                      {signedAmount(a, lang)}
                    </Text>
                    {statusOf(a)}
                  </Group>
                  <Text size="sm">
                    {player(a)} · {a.merchantCode} · {t(`adjustments.accounts.${a.account}`)}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {a.reason}
                  </Text>
                  <Text size="xs" c="dimmed" mb="xs">
                    {formatDateTime(a.requestedAt, lang)} · {requester(a)}
                  </Text>
                  {a.decidedBy ? (
                    <Text size="xs" c="dimmed" mb="xs">
                      {t('adjustments.columns.decidedBy')}: {decisionOf(a)}
                    </Text>
                  ) : null}
                  {actions(a)}
                </Card>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={1100}>
              <Table striped highlightOnHover verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <SortableTh control={sort} columns={sortColumns} sortKey="requestedAt" />
                    <Table.Th>{t('adjustments.columns.player')}</Table.Th>
                    <Table.Th>{t('adjustments.columns.change')}</Table.Th>
                    <SortableTh control={sort} columns={sortColumns} sortKey="amount" ta="right" />
                    <Table.Th>{t('adjustments.columns.reason')}</Table.Th>
                    <Table.Th>{t('adjustments.columns.requestedBy')}</Table.Th>
                    <Table.Th>{t('adjustments.columns.status')}</Table.Th>
                    <Table.Th>{t('adjustments.columns.decidedBy')}</Table.Th>
                    <Table.Th>{t('common.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((a) => (
                    <Table.Tr key={a.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(a.requestedAt, lang)}
                        <Text size="xs" c="dimmed">
                          {t('adjustments.number', { id: a.id })}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {player(a)}
                        <Text size="xs" c="dimmed">
                          #{a.memberId} · {a.merchantCode}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {t(`adjustments.directions.${a.direction}`)}
                        <Text size="xs" c="dimmed">
                          {t(`adjustments.accounts.${a.account}`)}
                        </Text>
                      </Table.Td>
                      <Table.Td
                        ta="right"
                        c={a.direction === 'credit' ? 'green' : 'red'}
                        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                      >
                        {signedAmount(a, lang)}
                      </Table.Td>
                      <Table.Td maw={260} style={{ overflowWrap: 'anywhere' }}>
                        {a.reason}
                      </Table.Td>
                      <Table.Td>{requester(a)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{statusOf(a)}</Table.Td>
                      <Table.Td maw={220}>{decisionOf(a)}</Table.Td>
                      <Table.Td>{actions(a)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </PagedList>
      <AdjustmentDecisionModal decision={decision} onClose={() => setDecision(null)} />
    </>
  );
}

/**
 * Approve, disabled on one's own request: another operator must approve it (four eyes). The reason
 * is in a tooltip on hover and in the button's description for screen readers.
 */
function ApproveButton({ isOwn, size, onClick }: { isOwn: boolean; size: 'xs' | 'sm'; onClick: () => void }) {
  const { t } = useTranslation();
  const hintId = useId();
  const button = (
    <Button
      size={size}
      color="green"
      disabled={isOwn}
      aria-describedby={isOwn ? hintId : undefined}
      onClick={onClick}
    >
      {t('adjustments.approve')}
    </Button>
  );
  if (!isOwn) return button;
  return (
    <Tooltip label={t('adjustments.ownRequest')} withArrow multiline w={240}>
      {/* A disabled button gets no pointer events: the tooltip listens on its wrapper. */}
      <span style={{ display: 'inline-block' }}>
        {button}
        <VisuallyHidden id={hintId}>{t('adjustments.ownRequest')}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
