import { BONUS_VENDOR, HOUSE_VENDOR } from '@sorte/shared';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useHotGames } from '../api/catalogue';
import { setPlayState, usePlayState } from '../play-store';
import { GameGrid, GameGridSkeleton } from './game-grid';
import styles from './game-list.module.css';

// A vendor's list (with its paging and its states) loads when a vendor card is opened: every page
// carries these popups, and most visits never open one.
const VendorGames = lazy(async () => ({ default: (await import('./vendor-games')).VendorGames }));

const close = () => setPlayState(null);

/** The studio's frames draw their own header (back to the lobby, game name, balance). */
const hasOwnHeader = (vassalage: string | undefined) =>
  vassalage === HOUSE_VENDOR || vassalage === BONUS_VENDOR;

/**
 * A game frame in the popup: the lobby's header only when the game has none of its own (a house
 * game shows one header, the frame's, whose back button asks the lobby to close with `sorte:close`).
 */
function GameFrame({ name, url, vassalage }: { name: string; url: string; vassalage?: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only this popup's own frame may close it.
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      if ((event.data as { type?: unknown } | null)?.type === 'sorte:close') close();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return (
    <Modal title={name} open onClose={close} size="full" showHeader={!hasOwnHeader(vassalage)}>
      <iframe
        ref={frame}
        className={styles.frame}
        src={url}
        title={name}
        allow="fullscreen; autoplay; clipboard-write"
        allowFullScreen
      />
    </Modal>
  );
}

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
    if (state.kind === 'game') return <GameFrame name={name} url={state.url} vassalage={state.vassalage} />;
    return (
      <Modal title={name} open onClose={close} size="full">
        <div className={styles.launching}>
          <Spinner label={t('games.opening', { name })} />
          <p>{t('games.opening', { name })}</p>
        </div>
      </Modal>
    );
  }

  if (state.kind === 'vendor') {
    return (
      <Modal title={state.vendor.name} open onClose={close} size="lg">
        <Suspense fallback={<GameGridSkeleton label={t('loading')} count={6} />}>
          <VendorGames vendor={state.vendor} />
        </Suspense>
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
