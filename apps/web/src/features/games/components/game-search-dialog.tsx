import type { GameCard } from '@sorte/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Modal } from '../../../components/ui/modal';
import { QueryState } from '../../../components/ui/query-state';
import { Spinner } from '../../../components/ui/spinner';
import { useGameList } from '../api/catalogue';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { usePlayGame } from '../hooks/use-play-game';
import styles from './game-search.module.css';
import { SearchField } from './search-field';

/** Results a page: enough to fill a phone screen twice; "more" reads the next page. */
export const SEARCH_PAGE_SIZE = 20;

type Props = { open: boolean; onClose: () => void };

/**
 * Searches every game the merchant offers by name (in any language) or game code: the server's
 * game list without a game type. Each result names its category, and opens the game like a tile.
 */
export default function GameSearchDialog({ open, onClose }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const settled = useDebouncedValue(keyword.trim());
  const isTyping = keyword.trim() !== settled;
  const list = useGameList({ keyword: settled, pageSize: SEARCH_PAGE_SIZE }, settled !== '');
  const play = usePlayGame();
  const cards = settled ? (list.data?.pages.flatMap((page) => page.content) ?? []) : [];
  const total = list.data?.pages[0]?.total ?? 0;

  const choose = (card: GameCard) => {
    onClose();
    void play(card);
  };

  return (
    <Modal title={t('search.title')} open={open} onClose={onClose} size="lg">
      <SearchField
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={keyword}
        onChange={setKeyword}
        autoFocus
        inputRef={field}
      />
      {settled === '' ? (
        <p className={styles.hint}>{isTyping ? <Spinner label={t('loading')} /> : t('search.hint')}</p>
      ) : (
        <QueryState
          query={list}
          loading={<Spinner label={t('loading')} />}
          failedTitle={t('games.loadFailed')}
          isEmpty={() => cards.length === 0}
          empty={
            <EmptyState
              icon="search"
              compact
              title={t('games.noResults', { keyword: settled })}
              body={t('search.noResultsBody')}
              action={
                <Button
                  variant="secondary"
                  onClick={() => {
                    setKeyword('');
                    // The button goes with the empty result: the next word is typed at once.
                    field.current?.focus();
                  }}
                >
                  {t('games.clearSearch')}
                </Button>
              }
            />
          }
        >
          {() => (
            <div className={styles.results} aria-busy={isTyping || list.isPlaceholderData}>
              <p className={styles.count} aria-live="polite">
                {t('search.found', { count: total, keyword: settled })}
              </p>
              <ul className={styles.list}>
                {cards.map((card) => (
                  <li key={card.nodeId}>
                    <SearchResult card={card} onChoose={choose} />
                  </li>
                ))}
              </ul>
              {list.hasNextPage && (
                <Button
                  variant="secondary"
                  busy={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {t('games.loadMore')}
                </Button>
              )}
            </div>
          )}
        </QueryState>
      )}
    </Modal>
  );
}

/** One game found: its picture, name, provider and the category it is in (Slots, Crash, …). */
function SearchResult({ card, onChoose }: { card: GameCard; onChoose: (card: GameCard) => void }) {
  const { t } = useTranslation();
  const name = card.displayName || card.gameName;
  const category = t(`games.types.${card.gameType}`, { defaultValue: card.gameType });
  return (
    <button
      type="button"
      className={styles.result}
      onClick={() => onChoose(card)}
      aria-label={t('search.result', { name, vendor: card.vendorName, category })}
    >
      <img
        src={card.showIcon || card.iconUrl}
        alt=""
        width="56"
        height="56"
        loading="lazy"
        decoding="async"
      />
      <span className={styles.resultText}>
        <span className={styles.resultName}>{name}</span>
        <span className={styles.resultVendor}>{card.vendorName}</span>
      </span>
      <span className={styles.category}>{category}</span>
    </button>
  );
}
