import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { DateRangePicker } from '../../../components/ui/date-range-picker';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatMoney, Money } from '../../../components/ui/money';
import { QueryState } from '../../../components/ui/query-state';
import { SelectField } from '../../../components/ui/select-field';
import { Skeleton } from '../../../components/ui/skeleton';
import type { RangePreset } from '../date-range';
import type { useRecordRange } from '../use-record-range';
import styles from './records.module.css';

type Filter = {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (v: string) => void;
};

/** The records' filters: the date presets (today, 7, 30 days, custom) and one list filter. */
export function RecordFilters({
  range,
  filter,
}: {
  range: ReturnType<typeof useRecordRange>;
  filter?: Filter;
}) {
  const { t } = useTranslation();
  return (
    <Card className={styles.filters}>
      <DateRangePicker<RangePreset>
        label={t('member.records.period')}
        presets={[
          { id: 'today', label: t('member.records.today') },
          { id: 'last7', label: t('member.records.last7') },
          { id: 'last30', label: t('member.records.last30') },
        ]}
        value={range.value}
        min={range.min}
        max={range.today}
        onPreset={range.onPreset}
        onCustom={range.onCustom}
      />
      {filter && (
        <SelectField
          label={filter.label}
          value={filter.value}
          options={filter.options}
          onChange={filter.onChange}
        />
      )}
    </Card>
  );
}

/**
 * Loading, failed and empty states of a records list, so no list is ever a blank space; children
 * render the data. A refetch keeps the old rows visible (dimmed) instead of flashing skeletons.
 */
export function RecordList<T>({
  query,
  isEmpty,
  emptyTitle,
  emptyBody,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  emptyTitle: string;
  emptyBody?: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <QueryState
      query={query}
      loading={
        <div className={styles.skeletons}>
          <Skeleton height={58} />
          <Skeleton height={58} />
          <Skeleton height={58} />
        </div>
      }
      isEmpty={isEmpty}
      empty={<EmptyState icon="search" title={emptyTitle} body={emptyBody} />}
    >
      {(data) => (
        <div
          className={query.isPlaceholderData ? styles.stale : undefined}
          aria-busy={query.isFetching || undefined}
        >
          {children(data)}
        </div>
      )}
    </QueryState>
  );
}

/** The totals over everything the filters select: profit large, then bets, wins and rounds. */
export function RecordTotals({
  totals,
  rounds,
  currency,
}: {
  totals: { stake: number; payout: number; profit: number };
  rounds: number;
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const money = (v: number) => formatMoney(v, currency, i18n.language);
  return (
    <div className={styles.totals}>
      <div className={styles.totalMain}>
        <span className={styles.totalLabel}>{t('member.profit.profit')}</span>
        <strong className={styles.totalValue}>
          <Money value={totals.profit} currency={currency} signed />
        </strong>
      </div>
      <div>
        <span className={styles.totalLabel}>{t('member.profit.stake')}</span>
        <strong className={styles.totalValue}>{money(totals.stake)}</strong>
      </div>
      <div>
        <span className={styles.totalLabel}>{t('member.profit.payout')}</span>
        <strong className={styles.totalValue}>{money(totals.payout)}</strong>
      </div>
      <div>
        <span className={styles.totalLabel}>{t('member.profit.rounds')}</span>
        <strong className={styles.totalValue}>{rounds}</strong>
      </div>
    </div>
  );
}
