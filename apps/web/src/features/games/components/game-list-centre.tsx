import type { GameType } from '@sorte/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { GameTypeIcon } from '../../../components/ui/icon';
import { QueryState } from '../../../components/ui/query-state';
import { useGameList, useVendorSorting } from '../api/catalogue';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { GameGridSkeleton } from './game-grid';
import styles from './game-list.module.css';
import { PagedGameGrid } from './load-more';
import { SearchField } from './search-field';

/** Games a page; crash lists 12 (spec section 9). */
export const listPageSize = (gameType: GameType) => (gameType === 'CRASH' ? 12 : 24);

type Props = {
  gameType: GameType;
  title: string;
  /** The vendor tab chosen (from the address), or '' for all vendors. */
  vassalage: string;
  onVassalageChange: (vassalage: string) => void;
};

/**
 * A game list centre (/live, /fish, /rng, /pvp, /crash, /bonus): vendor tabs with 'All' first,
 * a search by name, and the games page by page with 'load more'.
 */
export function GameListCentre({ gameType, title, vassalage, onVassalageChange }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const settledKeyword = useDebouncedValue(keyword.trim());
  const sorting = useVendorSorting();
  const vendors = sorting.data?.find((entry) => entry.gameType === gameType)?.vendors ?? [];
  const activeVendor = vendors.some((v) => v.vassalage === vassalage) ? vassalage : '';
  const list = useGameList({
    gameType,
    vassalage: activeVendor || undefined,
    keyword: settledKeyword || undefined,
    pageSize: listPageSize(gameType),
  });
  const cards = list.data?.pages.flatMap((page) => page.content) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const searching = keyword.trim() !== settledKeyword;

  return (
    <div className={styles.centre}>
      <header className={styles.hero}>
        <span className={styles.heroIcon}>
          <GameTypeIcon type={gameType} size={26} />
        </span>
        <div>
          <h1 className={styles.heroTitle}>{title}</h1>
          {total > 0 && <p className={styles.heroSub}>{t('games.count', { count: total })}</p>}
        </div>
      </header>

      <div className={styles.toolbar}>
        {vendors.length > 0 && (
          <fieldset className={styles.vendorTabs}>
            <legend className="visually-hidden">{t('games.providers')}</legend>
            <button
              type="button"
              className={styles.vendorTab}
              aria-pressed={activeVendor === ''}
              onClick={() => onVassalageChange('')}
            >
              {t('games.all')}
            </button>
            {vendors.map((vendor) => (
              <button
                key={vendor.vassalage}
                type="button"
                className={styles.vendorTab}
                aria-pressed={activeVendor === vendor.vassalage}
                onClick={() => onVassalageChange(vendor.vassalage)}
              >
                {vendor.logoUrl && <img src={vendor.logoUrl} alt="" height="18" width="62" />}
                <span>{vendor.name}</span>
                {vendor.maintenance && (
                  <span className={styles.vendorMaintenance}>{t('games.maintenance')}</span>
                )}
              </button>
            ))}
          </fieldset>
        )}
        <SearchField
          className={styles.search}
          label={t('games.search')}
          placeholder={t('games.searchPlaceholder')}
          value={keyword}
          onChange={setKeyword}
          iconSize={18}
        />
      </div>

      {searching && cards.length === 0 ? (
        <GameGridSkeleton label={t('loading')} count={12} />
      ) : (
        <QueryState
          query={list}
          loading={<GameGridSkeleton count={12} />}
          failedTitle={t('games.loadFailed')}
          isEmpty={() => cards.length === 0}
          empty={
            settledKeyword ? (
              <EmptyState
                icon="search"
                title={t('games.noResults', { keyword: settledKeyword })}
                body={t('games.noResultsBody')}
                action={
                  <Button variant="secondary" onClick={() => setKeyword('')}>
                    {t('games.clearSearch')}
                  </Button>
                }
              />
            ) : (
              <EmptyState title={t('games.emptyCategory')} body={t('games.emptyBody')} />
            )
          }
        >
          {() => (
            <PagedGameGrid
              cards={cards}
              total={total}
              list={list}
              stale={searching || list.isPlaceholderData}
            />
          )}
        </QueryState>
      )}
    </div>
  );
}
