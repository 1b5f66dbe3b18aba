import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon, type IconName } from '../../components/ui/icon';
import { useAuthDialogs } from '../../features/auth/auth-dialogs-context';
import { useRequireRealAccount } from '../../features/session/components/trial-prompt';
import { useSession } from '../../features/session/hooks/use-session';
import styles from './tab-bar.module.css';

/** The phone layout ends below this width: the tab bar shows, the desktop header stays alone above. */
export const tabBarQuery = '(max-width: 767px)';

type Tab = { key: 'home' | 'games' | 'deposit' | 'promotions' | 'account'; icon: IconName; to: string };

type Props = {
  /** Where "Games" goes: the first game category of the menu (no tab while there is none). */
  gamesTo: string | undefined;
  /** Every game category's path: "Games" stays marked on any of them. */
  gamePaths: readonly string[];
  isLoggedIn: boolean;
  /** Deposit and account need a member: a guest gets the login popup instead of a page. */
  onLogin: () => void;
  /** Deposit and account are real-money pages: a free-play member gets the register prompt instead. */
  onMemberPage?: (event: MouseEvent) => void;
};

const depositPath = '/member/deposit';
const accountPath = '/member';
const homePaths = new Set(['/', '/index', '/index.html', '/home']);

/** The tab a path belongs to, if any (the longest match wins: /member/deposit is deposit, not account). */
export function activeTab(pathname: string, gamePaths: readonly string[]): Tab['key'] | undefined {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  if (homePaths.has(path)) return 'home';
  if (path === depositPath.toLowerCase()) return 'deposit';
  if (path === '/promotions') return 'promotions';
  if (path === accountPath || path.startsWith(`${accountPath}/`)) return 'account';
  if (gamePaths.some((game) => path === game.split('?')[0]?.toLowerCase())) return 'games';
  return undefined;
}

/**
 * The phones' bottom tab bar (DESIGN.md: "on phones a bottom tab bar carries the main destinations"),
 * within thumb reach: home, games, deposit, promotions, account. Plain links and CSS, nothing to
 * load: it is part of the lobby's first screen. A spacer in the page flow keeps the last content
 * (the footer) above it, and the home indicator's safe area below it.
 */
export function TabBar({ gamesTo, gamePaths, isLoggedIn, onLogin, onMemberPage }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = activeTab(pathname, gamePaths);
  const tabs: Tab[] = [
    { key: 'home', icon: 'HOME', to: '/' },
    ...(gamesTo ? [{ key: 'games', icon: 'games', to: gamesTo } as const] : []),
    { key: 'deposit', icon: 'deposit', to: depositPath },
    { key: 'promotions', icon: 'PROMOTIONS', to: '/promotions' },
    { key: 'account', icon: 'account', to: accountPath },
  ];
  const isMemberPage = (tab: Tab) => tab.key === 'deposit' || tab.key === 'account';

  return (
    <>
      <div className={styles.spacer} aria-hidden="true" />
      <nav className={styles.bar} aria-label={t('tabBar.label')}>
        <ul className={styles.list}>
          {tabs.map((tab) => {
            const content = (
              <>
                <Icon name={tab.icon} size={22} />
                <span className={styles.label}>{t(`tabBar.${tab.key}`)}</span>
              </>
            );
            return (
              <li key={tab.key} className={styles.item}>
                {!isLoggedIn && isMemberPage(tab) ? (
                  <button type="button" className={styles.tab} onClick={onLogin} aria-haspopup="dialog">
                    {content}
                  </button>
                ) : (
                  <Link
                    to={tab.to}
                    className={styles.tab}
                    aria-current={current === tab.key ? 'page' : undefined}
                    onClick={isMemberPage(tab) ? onMemberPage : undefined}
                  >
                    {content}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}

/** The tab bar of the player layout: the visitor's session, the login popup and the trial prompt. */
export function PlayerTabBar({ gamePaths }: { gamePaths: readonly string[] }) {
  const { isLoggedIn } = useSession();
  const { openLogin } = useAuthDialogs();
  const requireRealAccount = useRequireRealAccount();
  return (
    <TabBar
      gamesTo={gamePaths[0]}
      gamePaths={gamePaths}
      isLoggedIn={isLoggedIn}
      onLogin={openLogin}
      onMemberPage={(event) => {
        if (!requireRealAccount()) event.preventDefault();
      }}
    />
  );
}
