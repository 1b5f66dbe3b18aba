import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../components/ui/date-time';
import { EmptyState } from '../../../components/ui/empty-state';
import { Money } from '../../../components/ui/money';
import { PagedQueryState } from '../../../components/ui/paged-query-state';
import { StatusPill } from '../../../components/ui/status-pill';
import { useDepositOrders } from '../api/deposit';
import { channelNames, depositTone } from '../channels';
import styles from './deposit.module.css';

/** The member's recent deposit orders, newest first; a tap opens one. */
export function DepositHistory({ onOpen }: { onOpen: (orderId: string) => void }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const orders = useDepositOrders(page);
  return (
    <Card title={t('member.deposit.history')}>
      <PagedQueryState
        query={orders}
        page={page}
        onPage={setPage}
        pagesLabel={t('member.deposit.historyPages')}
        rowHeight={56}
        compact
        empty={<EmptyState compact icon="search" title={t('member.deposit.historyEmpty')} />}
      >
        {(rows) => (
          <ul className={styles.historyList}>
            {rows.map((order) => (
              <li key={order.orderId}>
                <button type="button" className={styles.historyRow} onClick={() => onOpen(order.orderId)}>
                  <span className={styles.historyMain}>
                    <strong>
                      <Money value={order.amount} currency={order.currency} />
                    </strong>
                    <span className={styles.historyMeta}>
                      {channelNames[order.channel]} · {formatDateTime(order.createdAt, i18n.language)}
                    </span>
                  </span>
                  <StatusPill tone={depositTone[order.status]}>
                    {t(`member.deposit.status.${order.status}`)}
                  </StatusPill>
                </button>
              </li>
            ))}
          </ul>
        )}
      </PagedQueryState>
    </Card>
  );
}
