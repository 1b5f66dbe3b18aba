import { gameTypes } from '@sorte/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../../components/ui/bar-chart';
import { Card } from '../../../components/ui/card';
import { formatDay } from '../../../components/ui/date-time';
import { formatMoney, formatSignedMoney, Money } from '../../../components/ui/money';
import { usePersonalProfit } from '../api/records';
import { profitByDay } from '../profit-by-day';
import { useRecordRange } from '../use-record-range';
import { RecordFilters, RecordList, RecordTotals } from './record-parts';
import styles from './records.module.css';

/**
 * Profit and loss (personalProfit): totals, a bar per day (wins up, losses down) and the figures by
 * day and game type, for the chosen dates and game type.
 */
export function PersonalProfitReport({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const range = useRecordRange(timeZone);
  const [gameType, setGameType] = useState('');
  const query = usePersonalProfit({
    startDate: range.value.startDate,
    endDate: range.value.endDate,
    gameType: gameType || undefined,
  });
  return (
    <>
      <RecordFilters
        range={range}
        filter={{
          label: t('member.records.gameType'),
          value: gameType,
          onChange: setGameType,
          options: [
            { value: '', label: t('member.records.allGames') },
            ...gameTypes.map((g) => ({ value: g, label: t(`games.types.${g}`) })),
          ],
        }}
      />
      <RecordList query={query} isEmpty={() => false} emptyTitle={t('member.profit.empty')}>
        {(data) => {
          const days = profitByDay(data.content, { startDate: data.startDate, endDate: data.endDate });
          const money = (v: number) => formatMoney(v, data.currency, i18n.language);
          return (
            <div className={styles.stackLarge}>
              <RecordTotals totals={data.totals} rounds={data.totals.rounds} currency={data.currency} />
              <Card title={t('member.profit.byDay')}>
                <BarChart
                  label={t('member.profit.chartLabel', {
                    from: formatDay(data.startDate, i18n.language),
                    to: formatDay(data.endDate, i18n.language),
                  })}
                  formatValue={money}
                  emptyLabel={t('member.profit.empty')}
                  bars={days.map((d) => ({
                    key: d.date,
                    label: formatDay(d.date, i18n.language, false),
                    value: d.profit,
                    title: `${formatDay(d.date, i18n.language)}: ${formatSignedMoney(d.profit, data.currency, i18n.language)}`,
                  }))}
                />
                <p className={styles.legend}>
                  <span className={styles.legendWin} aria-hidden="true" /> {t('member.profit.won')}
                  <span className={styles.legendLoss} aria-hidden="true" /> {t('member.profit.lost')}
                </p>
              </Card>
              <Card title={t('member.profit.byGame')}>
                {data.content.length === 0 ? (
                  <p className={styles.count}>{t('member.profit.empty')}</p>
                ) : (
                  <div className={styles.tableWrap}>
                    <table className={styles.table}>
                      <thead>
                        <tr>
                          <th scope="col">{t('member.profit.date')}</th>
                          <th scope="col">
                            {t('member.profit.stake')} / {t('member.profit.payout')}
                          </th>
                          <th scope="col">{t('member.profit.profit')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {data.content.map((row) => (
                          <tr key={`${row.date}-${row.gameType}`}>
                            <td>
                              <span className={styles.cellMain}>
                                {formatDay(row.date, i18n.language, false)}
                              </span>
                              <span className={styles.cellSub}>{t(`games.types.${row.gameType}`)}</span>
                            </td>
                            <td>
                              <span className={styles.cellMain}>{money(row.stake)}</span>
                              <span className={styles.cellSub}>{money(row.payout)}</span>
                            </td>
                            <td>
                              <Money value={row.profit} currency={data.currency} signed />
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </Card>
            </div>
          );
        }}
      </RecordList>
    </>
  );
}
