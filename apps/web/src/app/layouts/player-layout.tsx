import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { NextTask } from '../../components/ui/next-task';
import { ScrollToTop } from '../../components/ui/scroll-to-top';
import { Spinner } from '../../components/ui/spinner';
import { useSiteResources } from '../../features/footer/api/site-resources';
import { SiteFooter } from '../../features/footer/components/site-footer';
import { useHelpCentre } from '../../features/help/api/help-centre';
import { useGameMenu } from '../../features/navigation/api/game-menu';
import { bonusMenuTarget } from '../../features/navigation/build-menu';
import { GameNav } from '../../features/navigation/components/game-nav';
import { useCurrentGameType } from '../../features/navigation/current-game-type';
import { useSession } from '../../features/session/hooks/use-session';
import { SideMenu } from '../../features/side-menu/components/side-menu';
import { isGamePage } from '../../features/side-menu/side-menu-rules';
import { readStored, writeStored } from '../../lib/storage-keys';
import { LobbyPopupHost } from '../../pages/lobby-popup-host';
import { useMediaQuery } from '../use-media-query';
import { useScrollRestoration } from '../use-scroll-restoration';
import styles from './player-layout.module.css';
import { SiteHeader } from './site-header';
import { PlayerTabBar, tabBarQuery } from './tab-bar';

/** Pages with long lists, where the scroll-to-top button appears (spec section 2: home and game lists). */
const scrollTopPaths = new Set([
  '/',
  '/index',
  '/index.html',
  '/home',
  '/help',
  '/live',
  '/fish',
  '/rng',
  '/pvp',
  '/crash',
  '/bonus',
  '/favorite',
  '/recent',
]);

/** "Invite friends" for agents: the agent centre's invitation links. */
const agentInvitePath = '/agentHome/links';

/** Local storage: the desktop rail folded to icons (ours, not in the spec). */
const railCollapsedKey = 'sideMenuCollapsed';
/** How many help articles the footer lists before "Help centre". */
const footerHelpArticles = 5;

/**
 * Header, game-type navigation, side menu, content and footer of every player page (agent pages have
 * a bare layout of their own). The side menu is a rail on wide screens and a drawer on phones, and
 * is left out on game pages.
 */
export function PlayerLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useScrollRestoration();
  const { entries } = useGameMenu();
  const { activeKey } = useCurrentGameType();
  const resources = useSiteResources().data;
  const help = useHelpCentre().data;
  const { isAgent } = useSession();
  const isWide = useMediaQuery('(min-width: 1024px)');
  const isPhone = useMediaQuery(tabBarQuery);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(() => readStored(localStorage, railCollapsedKey) === '1');
  const withSideMenu = !isGamePage(pathname);

  // A navigation closes the drawer; so does growing into the desktop layout.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the new pathname is the trigger.
  useEffect(() => setDrawerOpen(false), [pathname, isWide]);

  const labelled = useMemo(
    () => entries.map((entry) => ({ key: entry.key, label: t(entry.labelKey), to: entry.to })),
    [entries, t],
  );
  const products = labelled.filter((entry) => entry.key !== 'HOME' && entry.key !== 'PROMOTIONS');
  const gamePaths = products.map((entry) => entry.to);
  const helpArticles = (help?.categories ?? [])
    .flatMap((category) => category.articles)
    .slice(0, footerHelpArticles)
    .map(({ id, title }) => ({ id, title }));
  const sideMenu = {
    entries: labelled,
    activeKey,
    bonusTo: bonusMenuTarget,
    // Only agents have something to invite with (their invitation links); see SideMenu.
    invitePath: isAgent ? agentInvitePath : undefined,
  };

  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        {t('skipToContent')}
      </a>
      <SiteHeader
        onOpenMenu={withSideMenu && !isWide ? () => setDrawerOpen(true) : undefined}
        menuOpen={drawerOpen}
      />
      <GameNav entries={entries} />
      {navigation.state === 'loading' && (
        <div className={styles.progress} role="progressbar" aria-label={t('loading')} />
      )}
      <div className={styles.body}>
        {withSideMenu && isWide && (
          // The column runs the page's full height; the rail inside stays in view while scrolling.
          <div className={styles.railColumn}>
            <SideMenu
              variant="rail"
              {...sideMenu}
              collapsed={collapsed}
              onToggleCollapsed={() => {
                writeStored(localStorage, railCollapsedKey, collapsed ? '0' : '1');
                setCollapsed(!collapsed);
              }}
            />
          </div>
        )}
        <div className={styles.column}>
          <main id="main" className={styles.main} tabIndex={-1}>
            <Suspense fallback={<Spinner label={t('loading')} />}>
              <Outlet />
            </Suspense>
          </main>
          <NextTask>
            <SiteFooter products={products} helpArticles={helpArticles} resources={resources} />
          </NextTask>
        </div>
      </div>
      {withSideMenu && !isWide && (
        <NextTask>
          <SideMenu variant="drawer" {...sideMenu} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </NextTask>
      )}
      {/* Fixed over the page, so a task after the first render is soon enough (nothing moves). */}
      <NextTask>
        {withSideMenu && isPhone && <PlayerTabBar gamePaths={gamePaths} />}
        {scrollTopPaths.has(pathname.toLowerCase()) && <ScrollToTop />}
        <LobbyPopupHost />
      </NextTask>
    </div>
  );
}
