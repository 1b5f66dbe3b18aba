import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState } from '../../../components/ui/query-state';
import { useGameList } from '../api/catalogue';
import type { VendorRef } from '../play-store';
import { GameGridSkeleton } from './game-grid';
import { PagedGameGrid } from './load-more';

const VENDOR_PAGE_SIZE = 24;

/** A vendor card's popup: that vendor's games of the card's type, page by page. */
export function VendorGames({ vendor }: { vendor: VendorRef }) {
  const { t } = useTranslation();
  const list = useGameList({
    vassalage: vendor.vassalage,
    gameType: vendor.gameType,
    pageSize: VENDOR_PAGE_SIZE,
  });
  if (!list.isSuccess)
    return (
      <QueryState query={list} loading={<GameGridSkeleton count={6} />} failedTitle={t('games.loadFailed')} />
    );
  const cards = list.data.pages.flatMap((page) => page.content).filter((c) => c.isGame === 'GAME');
  const total = list.data.pages[0]?.total ?? 0;
  if (cards.length === 0) return <EmptyState title={t('games.emptyVendor')} body={t('games.emptyBody')} />;
  return <PagedGameGrid cards={cards} total={total} list={list} />;
}
