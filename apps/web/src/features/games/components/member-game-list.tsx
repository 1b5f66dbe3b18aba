import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { GameTypeIcon } from '../../../components/ui/icon';
import { QueryState } from '../../../components/ui/query-state';
import { useFavoriteIds, useFavoritePages, useRecentGames } from '../api/member-games';
import { useGameAccess } from '../game-access';
import { GameGridSkeleton } from './game-grid';
import styles from './game-list.module.css';
import { PagedGameGrid } from './load-more';

/**
 * The member's own lists (/favorite, /recent). They need a login: a guest sees why, with the
 * login button (the page also opens the login popup).
 */
export function MemberGameList({ kind }: { kind: 'favorite' | 'recent' }) {
  const { t } = useTranslation();
  const access = useGameAccess();
  const title = kind === 'favorite' ? t('games.types.FAV') : t('games.types.RECENT');
  return (
    <div className={styles.centre}>
      <header className={styles.hero}>
        <span className={styles.heroIcon}>
          <GameTypeIcon type={kind === 'favorite' ? 'FAV' : 'RECENT'} size={26} />
        </span>
        <div>
          <h1 className={styles.heroTitle}>{title}</h1>
          <p className={styles.heroSub}>
            {kind === 'favorite' ? t('games.favoriteLead') : t('games.recentLead')}
          </p>
        </div>
      </header>
      {access.isLoggedIn ? (
        kind === 'favorite' ? (
          <Favorites />
        ) : (
          <Recent />
        )
      ) : (
        <EmptyState
          icon="lock"
          title={t('games.loginRequired')}
          body={t('games.loginRequiredBody')}
          action={<Button onClick={access.openLogin}>{t('header.login')}</Button>}
        />
      )}
    </div>
  );
}

function Favorites() {
  const { t } = useTranslation();
  const list = useFavoritePages();
  // The hearts answer at once; a game un-hearted here leaves the list at once too.
  const ids = useFavoriteIds();
  return (
    <PagedGames
      list={list}
      keep={ids.data ? (nodeId) => ids.data.includes(nodeId) : undefined}
      emptyTitle={t('games.favoriteEmpty')}
      emptyBody={t('games.favoriteEmptyBody')}
    />
  );
}

function Recent() {
  const { t } = useTranslation();
  const list = useRecentGames();
  return (
    <PagedGames list={list} emptyTitle={t('games.recentEmpty')} emptyBody={t('games.recentEmptyBody')} />
  );
}

type Paged = ReturnType<typeof useRecentGames> | ReturnType<typeof useFavoritePages>;

function PagedGames({
  list,
  keep,
  emptyTitle,
  emptyBody,
}: {
  list: Paged;
  keep?: (nodeId: number) => boolean;
  emptyTitle: string;
  emptyBody: string;
}) {
  const { t } = useTranslation();
  if (!list.isSuccess)
    return (
      <QueryState query={list} loading={<GameGridSkeleton count={6} />} failedTitle={t('games.loadFailed')} />
    );
  const all = list.data.pages.flatMap((page) => page.content);
  const cards = keep ? all.filter((card) => keep(card.nodeId)) : all;
  const total = (list.data.pages[0]?.total ?? 0) - (all.length - cards.length);
  if (cards.length === 0) return <EmptyState icon="games" title={emptyTitle} body={emptyBody} />;
  return <PagedGameGrid cards={cards} total={total} list={list} />;
}
