import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { SignOutDialog } from '../features/session/components/sign-out-dialog';
import { useSession } from '../features/session/hooks/use-session';
import { currentMerchant } from '../lib/merchant';
import styles from './agent.module.css';

/** The merchant's time, ticking every second (spec section 2: agent header clock). */
function useClock(timeZone: string) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(now);
}

/**
 * /agentHome: agents only, everyone else goes to /agent (spec sections 2 and 8). For now the
 * agent centre's header (time zone, clock, nickname, logout) over a placeholder; its menu and
 * tools arrive with the agent features.
 */
export default function AgentHomePage() {
  const { t } = useTranslation();
  const { isLoggedIn, isAgent, isLoadingMember, member } = useSession();
  const merchant = currentMerchant();
  const clock = useClock(merchant.timeZone);
  const [confirmSignOut, setConfirmSignOut] = useState(false);

  if (!isLoggedIn) return <Navigate to="/agent" replace />;
  if (isLoadingMember) return <Spinner label={t('loading')} />;
  if (!isAgent) return <Navigate to="/agent" replace />;

  return (
    <div className={styles.page}>
      <header className={styles.centreHeader}>
        <span className={styles.brand}>
          <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true">
            <circle cx="32" cy="32" r="20" fill="none" stroke="var(--color-primary)" strokeWidth="6" />
            <circle cx="32" cy="32" r="7" fill="var(--color-accent)" />
          </svg>
          {t('brand')} <span className={styles.brandTag}>{t('agent.centre')}</span>
        </span>
        <span className={styles.clock}>
          <span className={styles.muted}>{merchant.timeZone}</span> <time aria-live="off">{clock}</time>
        </span>
        <span className={styles.who}>
          <strong className={styles.nickname}>{member?.nickname}</strong>
          <Button variant="secondary" size="sm" onClick={() => setConfirmSignOut(true)}>
            {t('account.signOut')}
          </Button>
        </span>
      </header>
      <main className={styles.centreBody}>
        <section className={styles.welcome}>
          <h1>{t('agent.welcome', { name: member?.nickname ?? '' })}</h1>
          <p className={styles.muted}>{t('agent.placeholder')}</p>
        </section>
      </main>
      <SignOutDialog open={confirmSignOut} onClose={() => setConfirmSignOut(false)} redirectTo="/agent" />
    </div>
  );
}
