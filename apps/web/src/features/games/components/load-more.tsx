import type { GameCard } from '@sorte/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { GameGrid } from './game-grid';
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

type NextPages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/**
 * Games read page by page: the grid, then how many of how many with the next page's button. A
 * stale grid (a new search on its way) is dimmed and marked busy.
 */
export function PagedGameGrid({
  cards,
  total,
  list,
  stale = false,
}: {
  cards: GameCard[];
  total: number;
  list: NextPages;
  stale?: boolean;
}) {
  return (
    <div
      className={[styles.stack, stale && styles.stale].filter(Boolean).join(' ')}
      aria-busy={stale || undefined}
    >
      <GameGrid cards={cards} eagerCount={6} />
      <LoadMore
        shown={cards.length}
        total={total}
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
      />
    </div>
  );
}
