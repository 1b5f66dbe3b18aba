import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../components/ui/date-time';
import { EmptyState } from '../../../components/ui/empty-state';
import { Money } from '../../../components/ui/money';
import { PagedQueryState } from '../../../components/ui/paged-query-state';
import { StatusPill } from '../../../components/ui/status-pill';
import { useWithdrawals } from '../api/withdraw';
import { channelNames, withdrawalTone } from '../labels';
import styles from './withdraw.module.css';

/** The member's withdrawals with their status; one waiting for a receipt confirmation says so. */
export function WithdrawalList({ linkTo }: { linkTo: (withdrawalId: string) => string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useWithdrawals(page);
  return (
    <Card title={t('member.withdraw.history')}>
      <PagedQueryState
        query={list}
        page={page}
        onPage={setPage}
        pagesLabel={t('member.withdraw.historyPages')}
        rowHeight={60}
        compact
        empty={<EmptyState compact icon="search" title={t('member.withdraw.historyEmpty')} />}
      >
        {(rows) => (
          <ul className={styles.rows}>
            {rows.map((w) => (
              <li key={w.withdrawalId}>
                <Link to={linkTo(w.withdrawalId)} className={styles.row}>
                  <span className={styles.rowMain}>
                    <strong>
                      <Money value={w.amount} currency={w.currency} />
                    </strong>
                    <span className={styles.rowMeta}>
                      {channelNames[w.channel]} {w.maskedAccount} ·{' '}
                      {formatDateTime(w.createdAt, i18n.language)}
                    </span>
                    {w.allowedConfirmations.length > 0 && (
                      <span className={styles.rowAction}>{t('member.withdraw.confirmNeeded')}</span>
                    )}
                  </span>
                  <StatusPill tone={withdrawalTone[w.status]}>
                    {t(`member.withdraw.status.${w.status}`)}
                  </StatusPill>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </PagedQueryState>
    </Card>
  );
}
