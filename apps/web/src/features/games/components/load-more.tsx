import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import styles from './game-list.module.css';

/** "Showing 24 of 80" and a button for the next page. */
export function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  onMore,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  const { t } = useTranslation();
  if (total === 0) return null;
  return (
    <div className={styles.loadMore}>
      <p className={styles.count} aria-live="polite">
        {t('games.shownOf', { shown, total })}
      </p>
      {total > 0 && (
        <div className={styles.progress} aria-hidden="true">
          <span style={{ width: `${Math.min(100, (shown / total) * 100)}%` }} />
        </div>
      )}
      {hasMore && (
        <Button variant="secondary" onClick={onMore} busy={loading}>
          {t('games.loadMore')}
        </Button>
      )}
    </div>
  );
}
