import { type ContractKind, contractKinds } from '@sorte/shared/contracts/agent-contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../../components/ui/bar-chart';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatMoney, Money } from '../../../components/ui/money';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs } from '../../../components/ui/tabs';
import { useProcessSettlement, useSettlements } from '../api';
import styles from './agent-centre.module.css';
import { PanelHead } from './agent-menu';

/** Rows of the settlements table per page: 90 days of a daily contract are several hundred. */
const ROWS_PER_PAGE = 20;

type Payable = { id: string; periodKey: string; amount: number; currency: string };

/** What each period of a kind's contracts paid me or I owe, newest first, as a table. */
export function SettlementList({ kind, chart = false }: { kind: ContractKind; chart?: boolean }) {
  const { t, i18n } = useTranslation('agent');
  const settlements = useSettlements(kind);
  const process = useProcessSettlement();
  const [page, setPage] = useState(1);
  /** The owed period the agent asked to pay: money leaves their balance only once they confirm. */
  const [paying, setPaying] = useState<Payable | null>(null);
  return (
    <QueryState
      query={settlements}
      loading={<Skeleton height={160} />}
      isEmpty={(data) => data.content.length === 0}
      empty={<EmptyState compact icon="gift" title={t('income.empty')} />}
    >
      {(data) => {
        const currency = data.content[0]?.currency ?? 'BRL';
        const totalPages = Math.max(1, Math.ceil(data.content.length / ROWS_PER_PAGE));
        const shown = Math.min(page, totalPages);
        const rows = data.content.slice((shown - 1) * ROWS_PER_PAGE, shown * ROWS_PER_PAGE);
        const incoming = data.content
          .filter((s) => s.incoming)
          .slice(0, 30)
          .reverse();
        return (
          <>
            {chart && (
              <div className={styles.chart} data-chart="income">
                <BarChart
                  label={t('income.chart')}
                  bars={incoming.map((s) => ({
                    key: s.id,
                    label: s.periodKey.slice(5),
                    value: s.amount,
                    title: `${s.periodKey}: ${formatMoney(s.amount, currency, i18n.language)}`,
                  }))}
                  formatValue={(v) => formatMoney(v, currency, i18n.language)}
                  emptyLabel={t('income.empty')}
                />
              </div>
            )}
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th>{t('income.period')}</th>
                    <th>{t('income.direction')}</th>
                    <th className={styles.num}>{t('income.amount')}</th>
                    <th>{t('income.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((s) => (
                    <tr key={s.id}>
                      <td>{s.periodKey}</td>
                      <td>{s.incoming ? t('income.incoming') : t('income.outgoing')}</td>
                      <td className={styles.num}>
                        <Money value={s.incoming ? s.amount : -s.amount} currency={s.currency} signed />
                      </td>
                      <td>
                        {t(`income.statuses.${s.status}`)}
                        {!s.incoming && s.status === 'owed' && (
                          <>
                            {' '}
                            <Button
                              size="sm"
                              variant="outline"
                              disabled={process.isPending}
                              onClick={() => {
                                process.reset();
                                setPaying(s);
                              }}
                            >
                              {t('income.pay')}
                            </Button>
                          </>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination page={shown} totalPages={totalPages} onChange={setPage} label={t('income.pages')} />
            <ConfirmDialog
              open={paying !== null}
              title={t('income.confirmTitle')}
              lead={t('income.confirmLead')}
              rows={
                paying
                  ? [
                      { label: t('income.period'), value: paying.periodKey },
                      {
                        label: t('income.amount'),
                        value: formatMoney(paying.amount, paying.currency, i18n.language),
                        emphasis: true,
                      },
                    ]
                  : []
              }
              confirmLabel={t('income.pay')}
              busy={process.isPending}
              error={process.error?.message ?? null}
              onConfirm={() => {
                if (paying)
                  process.mutate({ kind, settlementId: paying.id }, { onSuccess: () => setPaying(null) });
              }}
              onClose={() => setPaying(null)}
            />
          </>
        );
      }}
    </QueryState>
  );
}

/** My income (spec section 2): per contract kind and period, with a chart. */
export function MyIncome() {
  const { t } = useTranslation('agent');
  const [kind, setKind] = useState<ContractKind>('dailySalary');
  return (
    <>
      <PanelHead title={t('menu.income')} lead={t('income.lead')} />
      <div className={styles.tabs}>
        <Tabs
          label={t('income.kind')}
          tabs={contractKinds.map((id) => ({ id, label: t(`menu.${id}`) }))}
          value={kind}
          onChange={setKind}
        >
          <SettlementList key={kind} kind={kind} chart />
        </Tabs>
      </div>
    </>
  );
}
