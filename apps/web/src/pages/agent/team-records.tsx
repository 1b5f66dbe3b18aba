import { gameTypes } from '@sorte/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { formatDateTime } from '../../components/ui/date-time';
import { EmptyState } from '../../components/ui/empty-state';
import { Money } from '../../components/ui/money';
import { PagedQueryState } from '../../components/ui/paged-query-state';
import { TextField } from '../../components/ui/text-field';
import {
  type TeamRecordFilters,
  useTeamBetting,
  useTeamProfitLoss,
  useTeamTransactions,
} from '../../features/agent-centre/api';
import styles from '../../features/agent-centre/components/agent-centre.module.css';
import { PanelHead } from '../../features/agent-centre/components/agent-menu';
import { RecordFilters } from '../../features/records/components/record-parts';
import { useRecordRange } from '../../features/records/use-record-range';
import { currentMerchant } from '../../lib/merchant';

type Column<T> = { key: string; label: string; num?: boolean; cell: (row: T) => ReactNode };

/** The filters every team record page shares: member, the ±7/30-day picker and one list filter. */
function useTeamFilters(listFilter: {
  label: string;
  options: string[];
  optionLabel: (v: string) => string;
}) {
  const { t } = useTranslation('agent');
  const [page, setPage] = useState(1);
  const range = useRecordRange(currentMerchant().timeZone, () => setPage(1));
  const [search, setSearch] = useState('');
  const [username, setUsername] = useState<string | undefined>();
  const [choice, setChoice] = useState('');
  const filters: TeamRecordFilters & { choice: string } = {
    username,
    startDate: range.value.startDate,
    endDate: range.value.endDate,
    page,
    choice,
  };
  const controls = (
    <>
      <RecordFilters
        range={range}
        filter={{
          label: listFilter.label,
          value: choice,
          options: [
            { value: '', label: t('filters.all') },
            ...listFilter.options.map((v) => ({ value: v, label: listFilter.optionLabel(v) })),
          ],
          onChange: (v) => {
            setChoice(v);
            setPage(1);
          },
        }}
      />
      <form
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          setUsername(search.trim() || undefined);
          setPage(1);
        }}
      >
        <TextField label={t('filters.username')} value={search} onChange={setSearch} type="search" />
        <Button type="submit">{t('filters.search')}</Button>
      </form>
    </>
  );
  return { filters, controls, page, setPage };
}

function RecordTable<T>({
  rows,
  columns,
  rowKey,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
}) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} className={c.num ? styles.num : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.key} className={c.num ? styles.num : undefined}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const gameTypeFilter = (t: (k: string) => string) => ({
  label: t('filters.gameType'),
  options: [...gameTypes],
  optionLabel: (v: string) => v,
});

/** Team betting (spec section 2): the team's rounds by member, game type and date range. */
export function TeamBetting() {
  const { t, i18n } = useTranslation('agent');
  const { filters, controls, page, setPage } = useTeamFilters(gameTypeFilter(t));
  const query = useTeamBetting({ ...filters, gameType: filters.choice || undefined });
  const currency = query.data?.currency ?? 'BRL';
  const zone = currentMerchant().timeZone;
  type Row = NonNullable<typeof query.data>['content'][number];
  return (
    <>
      <PanelHead title={t('menu.betting')} lead={t('records.bettingLead')} />
      {controls}
      <PagedQueryState<Row>
        query={query}
        page={page}
        onPage={setPage}
        pagesLabel={t('records.pages')}
        rowHeight={40}
        empty={<EmptyState icon="search" title={t('records.empty')} />}
      >
        {(rows) => (
          <RecordTable
            rows={rows}
            rowKey={(r) => r.roundId}
            columns={[
              { key: 'user', label: t('filters.username'), cell: (r) => r.username },
              {
                key: 'time',
                label: t('records.time'),
                cell: (r) => formatDateTime(r.openedAt, i18n.language, zone),
              },
              { key: 'game', label: t('filters.gameType'), cell: (r) => `${r.gameType} · ${r.gameCode}` },
              {
                key: 'stake',
                label: t('records.stake'),
                num: true,
                cell: (r) => <Money value={r.stake} currency={currency} />,
              },
              {
                key: 'payout',
                label: t('records.payout'),
                num: true,
                cell: (r) => <Money value={r.payout} currency={currency} />,
              },
              {
                key: 'profit',
                label: t('records.profit'),
                num: true,
                cell: (r) => <Money value={r.profit} currency={currency} signed />,
              },
            ]}
          />
        )}
      </PagedQueryState>
    </>
  );
}

/** User profit and loss (spec section 2): per downline, per day and game type. */
export function TeamProfitLoss() {
  const { t } = useTranslation('agent');
  const { filters, controls, page, setPage } = useTeamFilters(gameTypeFilter(t));
  const query = useTeamProfitLoss({ ...filters, gameType: filters.choice || undefined });
  const currency = query.data?.currency ?? 'BRL';
  type Row = NonNullable<typeof query.data>['content'][number];
  return (
    <>
      <PanelHead title={t('menu.profitLoss')} lead={t('records.profitLead')} />
      {controls}
      <PagedQueryState<Row>
        query={query}
        page={page}
        onPage={setPage}
        pagesLabel={t('records.pages')}
        rowHeight={40}
        empty={<EmptyState icon="search" title={t('records.empty')} />}
      >
        {(rows) => (
          <RecordTable
            rows={rows}
            rowKey={(r) => `${r.memberId}:${r.date}:${r.gameType}`}
            columns={[
              { key: 'user', label: t('filters.username'), cell: (r) => r.username },
              { key: 'date', label: t('records.date'), cell: (r) => r.date },
              { key: 'game', label: t('filters.gameType'), cell: (r) => r.gameType },
              {
                key: 'turnover',
                label: t('overview.figures.validTurnover'),
                num: true,
                cell: (r) => <Money value={r.validTurnover} currency={currency} />,
              },
              {
                key: 'wins',
                label: t('records.payout'),
                num: true,
                cell: (r) => <Money value={r.wins} currency={currency} />,
              },
              {
                key: 'profit',
                label: t('records.profit'),
                num: true,
                cell: (r) => <Money value={r.profit} currency={currency} signed />,
              },
            ]}
          />
        )}
      </PagedQueryState>
    </>
  );
}

/** Downline transaction details (spec section 2): deposits, withdrawals and transfers of the team. */
export function TeamTransactions() {
  const { t, i18n } = useTranslation('agent');
  const { filters, controls, page, setPage } = useTeamFilters({
    label: t('records.type'),
    options: ['deposit', 'withdrawal', 'transfer'],
    optionLabel: (v) => t(`records.types.${v}`),
  });
  const query = useTeamTransactions({ ...filters, type: filters.choice || undefined });
  const currency = query.data?.currency ?? 'BRL';
  const zone = currentMerchant().timeZone;
  type Row = NonNullable<typeof query.data>['content'][number];
  return (
    <>
      <PanelHead title={t('menu.transactions')} lead={t('records.transactionsLead')} />
      {controls}
      <PagedQueryState<Row>
        query={query}
        page={page}
        onPage={setPage}
        pagesLabel={t('records.pages')}
        rowHeight={40}
        empty={<EmptyState icon="search" title={t('records.empty')} />}
      >
        {(rows) => (
          <RecordTable
            rows={rows}
            rowKey={(r) => r.id}
            columns={[
              { key: 'user', label: t('filters.username'), cell: (r) => r.username },
              {
                key: 'time',
                label: t('records.time'),
                cell: (r) => formatDateTime(r.time, i18n.language, zone),
              },
              { key: 'type', label: t('records.type'), cell: (r) => t(`records.types.${r.type}`) },
              {
                key: 'amount',
                label: t('income.amount'),
                num: true,
                cell: (r) => <Money value={r.amount} currency={currency} signed />,
              },
              {
                key: 'after',
                label: t('team.balance'),
                num: true,
                cell: (r) => <Money value={r.balanceAfter} currency={currency} />,
              },
            ]}
          />
        )}
      </PagedQueryState>
    </>
  );
}
