import { type ContractKind, contractKinds } from '@sorte/shared/contracts/agent-contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../../components/ui/bar-chart';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatMoney, Money } from '../../../components/ui/money';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs } from '../../../components/ui/tabs';
import { useProcessSettlement, useSettlements } from '../api';
import styles from './agent-centre.module.css';
import { PanelHead } from './agent-menu';

/** What each period of a kind's contracts paid me or I owe, newest first, as a table. */
export function SettlementList({ kind, chart = false }: { kind: ContractKind; chart?: boolean }) {
  const { t, i18n } = useTranslation('agent');
  const settlements = useSettlements(kind);
  const process = useProcessSettlement();
  return (
    <QueryState
      query={settlements}
      loading={<Skeleton height={160} />}
      isEmpty={(data) => data.content.length === 0}
      empty={<EmptyState compact icon="gift" title={t('income.empty')} />}
    >
      {(data) => {
        const currency = data.content[0]?.currency ?? 'BRL';
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
            {process.error && (
              <p className={styles.error} role="alert">
                {process.error.message}
              </p>
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
                  {data.content.map((s) => (
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
                              onClick={() => process.mutate({ kind, settlementId: s.id })}
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
