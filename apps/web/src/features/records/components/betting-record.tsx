import { gameTypes } from '@sorte/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../components/ui/date-time';
import { formatMoney, Money } from '../../../components/ui/money';
import { Pagination } from '../../../components/ui/pagination';
import { StatusPill } from '../../../components/ui/status-pill';
import { useBettingRecord } from '../api/records';
import { useRecordRange } from '../use-record-range';
import { RecordFilters, RecordList, RecordTotals } from './record-parts';
import styles from './records.module.css';

const roundTone = { OPEN: 'warning', CLOSED: 'neutral', CANCELLED: 'danger' } as const;

/** Betting record (personalHistoryCopy): the member's rounds with stake, payout and result, and totals. */
export function BettingRecord({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  // A new date range starts again from its first page.
  const range = useRecordRange(timeZone, () => setPage(1));
  const [gameType, setGameType] = useState('');
  const query = useBettingRecord({
    startDate: range.value.startDate,
    endDate: range.value.endDate,
    gameType: gameType || undefined,
    page,
  });
  return (
    <>
      <RecordFilters
        range={range}
        filter={{
          label: t('member.records.gameType'),
          value: gameType,
          onChange: (v) => {
            setPage(1);
            setGameType(v);
          },
          options: [
            { value: '', label: t('member.records.allGames') },
            ...gameTypes.map((g) => ({ value: g, label: t(`games.types.${g}`) })),
          ],
        }}
      />
      <RecordList
        query={query}
        isEmpty={(d) => d.content.length === 0}
        emptyTitle={t('member.betting.empty')}
        emptyBody={t('member.records.emptyBody')}
      >
        {(data) => {
          const money = (v: number) => formatMoney(v, data.currency, i18n.language);
          return (
            <div className={styles.stackLarge}>
              <RecordTotals totals={data.totals} rounds={data.total} currency={data.currency} />
              <Card title={t('member.betting.rounds')}>
                <ul className={styles.rows}>
                  {data.content.map((round) => (
                    <li key={round.roundId} className={styles.row}>
                      <span className={styles.rowMain}>
                        <strong>{round.gameName}</strong>
                        <span className={styles.meta}>
                          {t(`games.types.${round.gameType}`)} · {round.vassalage} ·{' '}
                          {formatDateTime(round.openedAt, i18n.language, data.timeZone)}
                        </span>
                        <span className={styles.meta}>
                          {t('member.profit.stake')} {money(round.stake)} · {t('member.profit.payout')}{' '}
                          {money(round.payout)}
                        </span>
                      </span>
                      <span className={styles.rowSide}>
                        <strong>
                          <Money value={round.profit} currency={data.currency} signed />
                        </strong>
                        <StatusPill tone={roundTone[round.status]}>
                          {t(`member.betting.status.${round.status}`)}
                        </StatusPill>
                      </span>
                    </li>
                  ))}
                </ul>
                <Pagination
                  page={page}
                  totalPages={data.totalPages}
                  onChange={setPage}
                  label={t('member.records.pages')}
                />
              </Card>
            </div>
          );
        }}
      </RecordList>
    </>
  );
}
