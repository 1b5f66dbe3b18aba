import type { GameType } from '@sorte/shared';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { GameTypeIcon } from '../../../components/ui/icon';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useGameLanes, useVendorSorting } from '../api/catalogue';
import { usePlayGame } from '../hooks/use-play-game';
import { setPlayState } from '../play-store';
import styles from './game-list.module.css';

/**
 * A game centre (/sports, /esports, /lott, /elott, /cockfight): one card per vendor. A vendor
 * opens its game (or its list of games) straight from the card (spec section 2).
 */
export function GameCentre({ gameType, title }: { gameType: GameType; title: string }) {
  const { t } = useTranslation();
  const sorting = useVendorSorting();
  const lanes = useGameLanes();
  const play = usePlayGame();
  const vendors = sorting.data?.find((entry) => entry.gameType === gameType)?.vendors ?? [];
  const lane = lanes.data?.find((entry) => entry.title === gameType);

  const open = (vassalage: string, name: string) => {
    const first = lane?.cards[vassalage]?.[0];
    if (first) void play(first);
    else setPlayState({ kind: 'vendor', vendor: { vassalage, gameType, name } });
  };

  return (
    <div className={styles.centre}>
      <header className={styles.hero}>
        <span className={styles.heroIcon}>
          <GameTypeIcon type={gameType} size={26} />
        </span>
        <div>
          <h1 className={styles.heroTitle}>{title}</h1>
          {vendors.length > 0 && (
            <p className={styles.heroSub}>{t('games.vendorCount', { count: vendors.length })}</p>
          )}
        </div>
      </header>
      <QueryState
        query={sorting}
        loading={
          <div className={styles.vendorGrid}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} ratio="16 / 9" radius="lg" />
            ))}
          </div>
        }
        failedTitle={t('games.loadFailed')}
        isEmpty={() => vendors.length === 0}
        empty={
          <EmptyState
            title={t('games.noVendorsTitle', { category: title })}
            body={t('games.noVendorsBody')}
          />
        }
      >
        {() => (
          <ul className={styles.vendorGrid}>
            {vendors.map((vendor) => (
              <li key={vendor.vassalage}>
                <button
                  type="button"
                  className={styles.vendorCard}
                  onClick={() => open(vendor.vassalage, vendor.name)}
                  aria-label={t('games.enterVendor', { name: vendor.name })}
                >
                  <span className={styles.vendorCardLogo}>
                    {vendor.logoUrl ? <img src={vendor.logoUrl} alt="" /> : <strong>{vendor.name}</strong>}
                  </span>
                  <span className={styles.vendorCardName}>{vendor.name}</span>
                  {vendor.maintenance ? (
                    <span className={styles.vendorMaintenance}>{t('games.maintenance')}</span>
                  ) : (
                    <span className={styles.vendorEnter} aria-hidden="true">
                      {t('games.enter')}
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
