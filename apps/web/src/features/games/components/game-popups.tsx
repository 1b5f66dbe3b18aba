import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useGameList, useHotGames } from '../api/catalogue';
import { setPlayState, usePlayState, type VendorRef } from '../play-store';
import { GameGrid, GameGridSkeleton } from './game-grid';
import styles from './game-list.module.css';
import { LoadMore } from './load-more';

const close = () => setPlayState(null);

/**
 * The game popups, one at a time: the game itself in a frame (the whole screen on a phone), a
 * vendor's games, or the server's reason a game did not open (with other games to try).
 */
export function GamePopups() {
  const { t } = useTranslation();
  const state = usePlayState();
  if (!state) return null;

  if (state.kind === 'launching' || state.kind === 'game') {
    const name = state.game.displayName || state.game.gameName || t('games.game');
    return (
      <Modal title={name} open onClose={close} size="full">
        {state.kind === 'launching' ? (
          <div className={styles.launching}>
            <Spinner label={t('games.opening', { name })} />
            <p>{t('games.opening', { name })}</p>
          </div>
        ) : (
          <iframe
            className={styles.frame}
            src={state.url}
            title={name}
            allow="fullscreen; autoplay; clipboard-write"
            allowFullScreen
          />
        )}
      </Modal>
    );
  }

  if (state.kind === 'vendor') {
    return (
      <Modal title={state.vendor.name} open onClose={close} size="lg">
        <VendorGames vendor={state.vendor} />
      </Modal>
    );
  }

  const title = state.game?.displayName || state.game?.gameName || t('games.notice');
  return (
    <Modal title={title} open onClose={close} size="sm" role="alertdialog">
      <p className={styles.message}>{state.message}</p>
      {state.code === 'GAME_MAINTENANCE' && <Suggestions exclude={state.game?.nodeId} />}
      <div className={styles.messageActions}>
        <Button data-autofocus onClick={close} block>
          {t('ok')}
        </Button>
      </div>
    </Modal>
  );
}

/** 'Game maintenance' suggests other games (spec section 8): the hot games, this one left out. */
function Suggestions({ exclude }: { exclude?: number }) {
  const { t } = useTranslation();
  const hot = useHotGames();
  const others = (hot.data ?? []).filter((card) => card.nodeId !== exclude).slice(0, 3);
  if (others.length === 0) return null;
  return (
    <div className={styles.suggestions}>
      <p className={styles.suggestionsTitle}>{t('games.tryOthers')}</p>
      <GameGrid cards={others} eagerCount={3} />
    </div>
  );
}

const VENDOR_PAGE_SIZE = 24;

/** A vendor card's popup: that vendor's games of the card's type, page by page. */
function VendorGames({ vendor }: { vendor: VendorRef }) {
  const { t } = useTranslation();
  const list = useGameList({
    vassalage: vendor.vassalage,
    gameType: vendor.gameType,
    pageSize: VENDOR_PAGE_SIZE,
  });
  if (list.isPending) return <GameGridSkeleton label={t('loading')} count={6} />;
  if (list.isError)
    return (
      <EmptyState
        icon="error"
        role="alert"
        title={t('games.loadFailed')}
        body={list.error.message}
        action={
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t('error.retry')}
          </Button>
        }
      />
    );
  const cards = list.data.pages.flatMap((page) => page.content).filter((c) => c.isGame === 'GAME');
  const total = list.data.pages[0]?.total ?? 0;
  if (cards.length === 0) return <EmptyState title={t('games.emptyVendor')} body={t('games.emptyBody')} />;
  return (
    <div className={styles.stack}>
      <GameGrid cards={cards} eagerCount={6} />
      <LoadMore
        shown={cards.length}
        total={total}
        hasMore={Boolean(list.hasNextPage)}
        loading={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
      />
    </div>
  );
}
