import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../components/ui/date-time';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedQueryState } from '../../../components/ui/paged-query-state';
import { useMarkAllRead, useMarkRead, useMessages } from '../api/messages';
import styles from './messages.module.css';

const kindTone: Record<string, string> = {
  depositCredited: 'var(--color-success)',
  withdrawalApproved: 'var(--color-success)',
  depositFailed: 'var(--color-danger)',
  withdrawalRejected: 'var(--color-danger)',
};

/**
 * Internal messages (deposit credited/failed, withdrawal approved/rejected), newest first. Opening
 * one marks it read; the badge count follows live.
 */
export function MessageList() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const messages = useMessages(page);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = messages.data?.unread ?? 0;

  return (
    <Card
      title={t('member.messages.inbox')}
      actions={
        unread > 0 ? (
          <Button size="sm" variant="ghost" busy={markAll.isPending} onClick={() => markAll.mutate()}>
            {t('member.messages.markAll')}
          </Button>
        ) : undefined
      }
    >
      <PagedQueryState
        query={messages}
        page={page}
        onPage={setPage}
        pagesLabel={t('member.messages.pages')}
        rowHeight={64}
        empty={
          <EmptyState
            icon="search"
            title={t('member.messages.empty')}
            body={t('member.messages.emptyBody')}
          />
        }
      >
        {(rows) => (
          <ul className={styles.list}>
            {rows.map((message) => {
              const expanded = open === message.id;
              return (
                <li key={message.id} className={[styles.item, message.read ? '' : styles.unread].join(' ')}>
                  <button
                    type="button"
                    className={styles.head}
                    aria-expanded={expanded}
                    onClick={() => {
                      setOpen(expanded ? null : message.id);
                      if (!message.read) markRead.mutate(message.id);
                    }}
                  >
                    <span
                      className={styles.kind}
                      style={{ background: kindTone[message.kind] ?? 'var(--color-accent)' }}
                      aria-hidden="true"
                    />
                    <span className={styles.headText}>
                      <strong>{message.title}</strong>
                      <span className={styles.time}>{formatDateTime(message.time, i18n.language)}</span>
                      {!expanded && <span className={styles.preview}>{message.body}</span>}
                    </span>
                    {!message.read && <span className="visually-hidden">{t('member.messages.unread')}</span>}
                    {!message.read && <span className={styles.dot} aria-hidden="true" />}
                  </button>
                  {expanded && <p className={styles.body}>{message.body}</p>}
                </li>
              );
            })}
          </ul>
        )}
      </PagedQueryState>
    </Card>
  );
}
