import type { TeamFigures, TeamOverview } from '@sorte/shared';
import { formatCount } from '@sorte/shared/digits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../../components/ui/bar-chart';
import { formatMoney, Money } from '../../../components/ui/money';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs } from '../../../components/ui/tabs';
import { TextField } from '../../../components/ui/text-field';
import { useTeamOverview } from '../api';
import styles from './agent-centre.module.css';
import { PanelHead } from './agent-menu';

type Period = 'today' | 'yesterday' | 'thisWeek' | 'thisMonth' | 'range';
const periods: Period[] = ['today', 'yesterday', 'thisWeek', 'thisMonth', 'range'];

const moneyFigures = ['deposits', 'withdrawals', 'validTurnover', 'bonus', 'netProfitLoss'] as const;
const countFigures = ['newRegistrations', 'firstDepositors', 'activeMembers'] as const;

/** dd/MM of a yyyy-MM-dd day, for the charts' axis. */
const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

function Figures({ figures, currency }: { figures: TeamFigures; currency: string }) {
  const { t, i18n } = useTranslation('agent');
  return (
    <div className={styles.cards}>
      {countFigures.map((key) => (
        <div key={key} className={styles.figure} data-figure={key}>
          <span>{t(`overview.figures.${key}`)}</span>
          <strong>{formatCount(figures[key], i18n.language)}</strong>
        </div>
      ))}
      {moneyFigures.map((key) => (
        <div key={key} className={styles.figure} data-figure={key}>
          <span>{t(`overview.figures.${key}`)}</span>
          <strong>
            <Money value={figures[key]} currency={currency} signed={key === 'netProfitLoss'} />
          </strong>
        </div>
      ))}
    </div>
  );
}

function Charts({ overview }: { overview: TeamOverview }) {
  const { t, i18n } = useTranslation('agent');
  const money = (v: number) => formatMoney(v, overview.currency, i18n.language);
  return (
    <>
      <section className={styles.section} data-chart="growth">
        <h2>{t('overview.growth')}</h2>
        <BarChart
          label={t('overview.growth')}
          bars={overview.teamGrowth.map((p) => ({
            key: p.date,
            label: shortDay(p.date),
            value: p.teamSize,
            title: `${shortDay(p.date)}: ${p.teamSize} (+${p.newRegistrations})`,
          }))}
          formatValue={(v) => formatCount(v, i18n.language)}
          emptyLabel={t('overview.noData')}
        />
      </section>
      <section className={styles.section} data-chart="turnover">
        <h2>{t('overview.turnover')}</h2>
        <BarChart
          label={t('overview.turnover')}
          bars={overview.dailyTurnover.map((p) => ({
            key: p.date,
            label: shortDay(p.date),
            value: p.validTurnover,
            title: `${shortDay(p.date)}: ${money(p.validTurnover)}`,
          }))}
          formatValue={money}
          emptyLabel={t('overview.noData')}
        />
      </section>
    </>
  );
}

/** Team overview (spec section 2): team size, each period's figures, team growth and daily turnover. */
export function TeamOverviewView() {
  const { t, i18n } = useTranslation('agent');
  const [period, setPeriod] = useState<Period>('today');
  const [range, setRange] = useState<{ startDate?: string; endDate?: string }>({});
  const overview = useTeamOverview(range);
  return (
    <>
      <PanelHead title={t('menu.overview')} lead={t('overview.lead')} />
      <QueryState query={overview} loading={<Skeleton height={320} />} failedTitle={t('overview.failed')}>
        {(data) => (
          <>
            <div className={styles.cards}>
              <div className={styles.figure} data-figure="direct">
                <span>{t('overview.direct')}</span>
                <strong>{formatCount(data.teamSize.direct, i18n.language)}</strong>
              </div>
              <div className={styles.figure} data-figure="total">
                <span>{t('overview.total')}</span>
                <strong>{formatCount(data.teamSize.total, i18n.language)}</strong>
              </div>
            </div>
            <div className={styles.tabs}>
              <Tabs
                label={t('overview.period')}
                tabs={periods.map((id) => ({ id, label: t(`overview.periods.${id}`) }))}
                value={period}
                onChange={setPeriod}
              >
                {period === 'range' && (
                  <div className={styles.filters}>
                    <TextField
                      type="date"
                      label={t('filters.from')}
                      value={range.startDate ?? data.range.startDate}
                      max={data.todayDate}
                      onChange={(startDate) =>
                        setRange((r) => ({ ...r, startDate, endDate: r.endDate ?? data.range.endDate }))
                      }
                    />
                    <TextField
                      type="date"
                      label={t('filters.to')}
                      value={range.endDate ?? data.range.endDate}
                      max={data.todayDate}
                      onChange={(endDate) =>
                        setRange((r) => ({ ...r, endDate, startDate: r.startDate ?? data.range.startDate }))
                      }
                    />
                  </div>
                )}
                <Figures figures={data[period]} currency={data.currency} />
              </Tabs>
            </div>
            <Charts overview={data} />
          </>
        )}
      </QueryState>
    </>
  );
}
