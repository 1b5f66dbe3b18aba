import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../components/ui/button';
import { formatDate, formatTime } from '../components/ui/date-time';
import { Drawer } from '../components/ui/drawer';
import { Icon } from '../components/ui/icon';
import { Spinner } from '../components/ui/spinner';
import { timeZoneName } from '../components/ui/time-zone-name';
import { useConsolidatedInfo } from '../features/agent-centre/api';
import menuStyles from '../features/agent-centre/components/agent-centre.module.css';
import { AgentMenu } from '../features/agent-centre/components/agent-menu';
import { useAgentTexts } from '../features/agent-centre/i18n';
import { agentMenu } from '../features/agent-centre/menu';
import { SignOutDialog } from '../features/session/components/sign-out-dialog';
import { useSession } from '../features/session/hooks/use-session';
import { currentMerchant } from '../lib/merchant';
import styles from './agent.module.css';

/** The merchant's time, ticking every second (spec section 2: agent header clock). */
function useClock(timeZone: string, language: string) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1_000);
    return () => clearInterval(timer);
  }, []);
  // The site's one time format (24-hour in every language), with seconds: it ticks.
  return `${formatDate(now.toISOString(), language, timeZone)} ${formatTime(now, language, timeZone)}`;
}

/**
 * /agentHome: the agent centre (spec section 2). Agents only, everyone else goes to /agent. No site
 * header, footer or side menu: its own header (time zone, clock, nickname, logout), the left menu
 * (a drawer on a phone) and the chosen page in the right panel.
 */
export default function AgentHomePage() {
  const { t, i18n } = useTranslation();
  const { isLoggedIn, isAgent, isLoadingMember, member } = useSession();
  const merchant = currentMerchant();
  const clock = useClock(merchant.timeZone, i18n.language);
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const textsReady = useAgentTexts();
  const consolidated = useConsolidatedInfo(isLoggedIn && isAgent);
  const { pathname } = useLocation();

  if (!isLoggedIn) return <Navigate to="/agent" replace />;
  if (isLoadingMember || !textsReady) return <Spinner label={t('loading')} />;
  if (!isAgent) return <Navigate to="/agent" replace />;
  if (pathname.replace(/\/+$/, '') === '/agentHome') return <Navigate to="/agentHome/overview" replace />;

  const items = agentMenu(consolidated.data);
  return (
    <div className={styles.page}>
      <header className={styles.centreHeader}>
        <span className={styles.brand}>
          <Button
            variant="ghost"
            size="sm"
            className={menuStyles.menuButton}
            aria-label={t('agent:menu.open')}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <Icon name="menu" />
          </Button>
          <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true">
            <circle cx="32" cy="32" r="20" fill="none" stroke="var(--color-primary)" strokeWidth="6" />
            <circle cx="32" cy="32" r="7" fill="var(--color-accent)" />
          </svg>
          {t('brand')} <span className={styles.brandTag}>{t('agent.centre')}</span>
        </span>
        <span className={styles.clock}>
          <span className={styles.muted}>{timeZoneName(merchant.timeZone, i18n.language)}</span>{' '}
          <time aria-live="off">{clock}</time>
        </span>
        <span className={styles.who}>
          <strong className={styles.nickname}>{member?.nickname}</strong>
          <Button variant="secondary" size="sm" onClick={() => setConfirmSignOut(true)}>
            {t('account.signOut')}
          </Button>
        </span>
      </header>
      <div className={menuStyles.frame}>
        <aside className={menuStyles.sideMenu}>
          <AgentMenu items={items} />
        </aside>
        <main className={menuStyles.panel}>
          <Outlet />
        </main>
      </div>
      <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} label={t('agent:menu.label')}>
        <AgentMenu items={items} onPick={() => setMenuOpen(false)} />
      </Drawer>
      <SignOutDialog open={confirmSignOut} onClose={() => setConfirmSignOut(false)} redirectTo="/agent" />
    </div>
  );
}
