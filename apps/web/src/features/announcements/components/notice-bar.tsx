import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Marquee } from '../../../components/ui/marquee';
import { Skeleton } from '../../../components/ui/skeleton';
import { useNotices } from '../api/announcements';
import styles from './announcements.module.css';

// The dialog (and the HTML sanitiser it carries) loads when a notice is first opened.
const AnnouncementDialog = lazy(async () => ({
  default: (await import('./announcement-dialog')).AnnouncementDialog,
}));

type Open = { kind: 'notice'; index: number } | { kind: 'announcements' } | null;

/**
 * The home's notice line: the marquee notices glide by (a click opens the notice popup on that
 * notice), and a button opens the announcement popup with the player notices.
 */
export function NoticeBar() {
  const { t } = useTranslation();
  const notices = useNotices();
  const [open, setOpen] = useState<Open>(null);
  if (notices.isPending) return <Skeleton height={44} radius="round" />;
  // A failed or empty notice line is simply not shown: it is news, not something to act on.
  if (notices.isError) return null;
  const marquee = notices.data.banners;
  const player = notices.data.player;
  if (marquee.length === 0 && player.length === 0) return null;

  return (
    <div className={styles.bar}>
      {marquee.length > 0 && (
        <Marquee
          label={t('announcements.notices')}
          items={marquee.map((notice) => ({ key: notice.id, label: notice.title }))}
          onSelect={(index) => setOpen({ kind: 'notice', index })}
          lead={
            <span className={styles.speaker} aria-hidden="true">
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path
                  d="M4 10v4h3l5 4V6L7 10zM16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </span>
          }
        />
      )}
      {player.length > 0 && (
        <button type="button" className={styles.allButton} onClick={() => setOpen({ kind: 'announcements' })}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M6 4h12v16H6zM9 8h6M9 12h6M9 16h4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          <span className={styles.allLabel}>{t('announcements.title')}</span>
          <span className={styles.allCount} aria-hidden="true">
            {player.length}
          </span>
        </button>
      )}
      <Suspense fallback={null}>
        {open?.kind === 'notice' && (
          <AnnouncementDialog
            title={t('announcements.noticeTitle')}
            items={marquee}
            open
            initialIndex={open.index}
            onClose={() => setOpen(null)}
          />
        )}
        {open?.kind === 'announcements' && (
          <AnnouncementDialog
            title={t('announcements.title')}
            items={player}
            open
            onClose={() => setOpen(null)}
          />
        )}
      </Suspense>
    </div>
  );
}
