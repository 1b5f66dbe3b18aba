import type { GameCard } from '@sorte/shared';
import { BONUS_VENDOR, HOUSE_VENDOR } from '@sorte/shared/vendor-codes';
import { useId } from 'react';
import { type TileActions, TileActionsProvider, useTileActions } from '../tile-actions';
import { colourOfGame } from '../tile-colour';
import styles from './game-tile.module.css';

type Props = {
  card: GameCard;
  /** Images far down a page load only when scrolled near. */
  eager?: boolean;
};

/**
 * A game tile (spec section 2): picture, vendor logo, name, 'play now' unless it is a slot (RNG),
 * a hot badge, a colour by nodeId mod 4 and a favourite heart. The whole tile opens the game.
 */
export function GameTile(props: Props) {
  const actions = useTileActions();
  // A page gives all its tiles one set of actions; a tile on its own makes its own.
  if (actions) return <Tile {...props} actions={actions} />;
  return (
    <TileActionsProvider>
      <GameTile {...props} />
    </TileActionsProvider>
  );
}

function Tile({ card, eager = false, actions }: Props & { actions: TileActions }) {
  const { t, play, playDemo } = actions;
  const isFavorite = actions.isFavorite(card.nodeId);
  const name = card.displayName || card.gameName;
  // The badges (maintenance, hot) lie over the picture but outside the button, whose name says what
  // it does ('Play Mines') and so holds all the text it shows (WCAG 2.5.3, label in name); the
  // button is described by them.
  const badgeId = useId();
  const badges = [card.maintenance && `${badgeId}-maintenance`, card.isHot === 1 && `${badgeId}-hot`]
    .filter(Boolean)
    .join(' ');
  const isVendorCard = card.isGame === 'VASSALAGE';
  const hasPill = card.gameType !== 'RNG';
  // The house games take play money (DECISIONS.md "trial (free play) accounts"): a guest may try one
  // with a free-play account instead of signing in.
  const hasDemo =
    actions.canPlayDemo &&
    !isVendorCard &&
    !card.maintenance &&
    (card.vassalage === HOUSE_VENDOR || card.vassalage === BONUS_VENDOR);
  return (
    <article
      className={[styles.tile, styles[colourOfGame(card.nodeId)]].join(' ')}
      data-node-id={card.nodeId}
    >
      <button
        type="button"
        className={styles.main}
        onClick={() => void play(card)}
        aria-label={isVendorCard ? t('games.openVendor', { name }) : t('games.play', { name })}
        aria-describedby={badges || undefined}
      >
        <span className={styles.art}>
          <img
            src={card.showIcon || card.iconUrl}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            width="300"
            height="300"
          />
        </span>
        <span className={styles.meta}>
          <span className={styles.name}>{name}</span>
          <span className={styles.vendor}>
            {card.vendorLogoUrl ? (
              <img src={card.vendorLogoUrl} alt={card.vendorName} loading="lazy" height="20" width="69" />
            ) : (
              card.vendorName
            )}
          </span>
          {/* The 'Play now' pill's place: the pill itself lies over it, outside the button. */}
          {hasPill && <span className={styles.playSpace} />}
        </span>
      </button>
      {/* Outside the button, so that the button's name ('Play Mines', what it does) holds all the text
          inside it (WCAG 2.5.3, label in name); a pointer on the pill reaches the button under it. */}
      {hasPill && (
        <span className={styles.play} aria-hidden="true">
          {isVendorCard ? t('games.viewGames') : t('games.playNow')}
        </span>
      )}
      {(card.maintenance || card.isHot === 1) && (
        <span className={styles.badges}>
          {card.maintenance && (
            <span id={`${badgeId}-maintenance`} className={styles.maintenance}>
              {t('games.maintenance')}
            </span>
          )}
          {card.isHot === 1 && (
            <span id={`${badgeId}-hot`} className={styles.hot}>
              <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true">
                <path
                  d="M12 2c1 3.5 5 6 5 11a5 5 0 0 1-10 0c0-2 1-3.5 2-4.5 0 2 1 3 2 3 0-3-1-6 1-9.5z"
                  fill="currentColor"
                />
              </svg>
              {t('games.hot')}
            </span>
          )}
        </span>
      )}
      {hasDemo && (
        <button
          type="button"
          className={styles.demo}
          onClick={() => void playDemo(card)}
          aria-label={t('trial.demoOf', { name })}
        >
          {t('trial.demo')}
        </button>
      )}
      {!isVendorCard && (
        <button
          type="button"
          className={styles.heart}
          aria-pressed={isFavorite}
          aria-label={t('games.favorite', { name })}
          onClick={() =>
            void actions.toggleFavorite({
              nodeId: card.nodeId,
              vendor: card.vassalage,
              gameType: card.gameType,
            })
          }
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
              fill={isFavorite ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      )}
    </article>
  );
}
