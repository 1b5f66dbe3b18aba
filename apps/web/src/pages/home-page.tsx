import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState, LoadFailed } from '../components/ui/empty-state';
import { NextTask } from '../components/ui/next-task';
import { NoticeBar } from '../features/announcements/components/notice-bar';
import { useGameLanes, useHotGames } from '../features/games/api/catalogue';
import { useRecentGames } from '../features/games/api/member-games';
import { GameGridSkeleton } from '../features/games/components/game-grid';
import { GameSearch } from '../features/games/components/game-search';
import { GameSection, SectionHeader } from '../features/games/components/game-section';
import { GameTile } from '../features/games/components/game-tile';
import { useGameAccess } from '../features/games/game-access';
import { usePlayGame } from '../features/games/hooks/use-play-game';
import { HotGames } from '../features/home/components/hot-games';
import { homeSections } from '../features/home/home-sections';
import { JackpotCounter } from '../features/lobby/components/jackpot-counter';
import { WinnersBoard } from '../features/lobby/components/winners-board';
import type { BannerTarget } from '../features/promotions/banner-target';
import { BannerCarousel } from '../features/promotions/components/banner-carousel';
import { PromotionCarousel } from '../features/promotions/components/promotion-carousel';
import { currentMerchant } from '../lib/merchant';
import styles from './lobby.module.css';
import { LobbyAccess } from './lobby-access';

/**
 * The lobby home, in the spec's order (section 2): banners, notice marquee, promotions, jackpot,
 * winners, HOT, then the game sections; a search over all games below the marquee (issue 14).
 */
export default function HomePage() {
  return (
    <LobbyAccess>
      <Home />
    </LobbyAccess>
  );
}

function Home() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const play = usePlayGame();

  const openBanner = (target: NonNullable<BannerTarget>) => {
    if (target.kind === 'route') navigate(target.to);
    else if (target.kind === 'url') window.open(target.href, '_blank', 'noopener,noreferrer');
    else void play({ nodeId: target.nodeId });
  };

  return (
    <div className={styles.home}>
      <h1 className="visually-hidden">{t('home.title')}</h1>
      <div className={styles.top}>
        <BannerCarousel onOpen={openBanner} />
        <NoticeBar />
      </div>
      {/* Every category at once; the dialog behind the button loads when used. */}
      <GameSearch />
      <PromotionCarousel />
      <NextTask>
        <div className={styles.stats}>
          <JackpotCounter currency={currentMerchant().currency} />
          <WinnersBoard />
        </div>
      </NextTask>
      <NextTask>
        <GameSections />
      </NextTask>
    </div>
  );
}

function GameSections() {
  const { t } = useTranslation();
  const { isLoggedIn } = useGameAccess();
  const hot = useHotGames();
  const lanes = useGameLanes();
  const recent = useRecentGames();

  if (lanes.isPending && hot.isPending) return <GameGridSkeleton label={t('loading')} count={12} />;
  // Either list is enough to show something: the page has failed only when both have.
  if (lanes.isError && hot.isError)
    return (
      <LoadFailed
        title={t('games.loadFailed')}
        error={lanes.error}
        onRetry={() => {
          void lanes.refetch();
          void hot.refetch();
        }}
      />
    );

  const sections = homeSections({
    lanes: lanes.data ?? [],
    recent: recent.data?.pages[0]?.content,
    isLoggedIn,
  });
  const hotCards = hot.data ?? [];
  if (hotCards.length === 0 && sections.length === 0 && !lanes.isPending) {
    return <EmptyState title={t('home.emptyTitle')} body={t('home.emptyBody')} />;
  }

  return (
    <div className={styles.sections}>
      <HotGames
        cards={hotCards}
        renderTile={(card) => <GameTile card={card} eager />}
        header={<SectionHeader type="HOT" title={t('games.types.HOT')} flush />}
      />
      {lanes.isPending ? (
        <GameGridSkeleton label={t('loading')} count={6} />
      ) : (
        // Each section renders in a task of its own at start-up (NextTask): together they were the
        // longest piece of the lobby's first render on a slow phone.
        sections.map((section) => (
          <NextTask key={section.type}>
            <GameSection
              type={section.type}
              title={t(`games.types.${section.type}`)}
              cards={section.cards}
              morePath={section.morePath}
            />
          </NextTask>
        ))
      )}
    </div>
  );
}
