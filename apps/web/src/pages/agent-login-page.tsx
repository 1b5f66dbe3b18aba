import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { LoginForm } from '../features/auth/components/login-form';
import { LanguagePicker } from '../features/preferences/language-picker';
import { ThemeToggle } from '../features/preferences/theme-toggle';
import { useSession } from '../features/session/hooks/use-session';
import styles from './agent.module.css';

const highlights = [
  { key: 'support', icon: 'M4 13a8 8 0 0 1 16 0v4a2 2 0 0 1-2 2h-2v-6h4M4 13v4a2 2 0 0 0 2 2h2v-6H4' },
  { key: 'promoter', icon: 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9z' },
  { key: 'reports', icon: 'M4 20V10M10 20V4M16 20v-7M22 20H2' },
  { key: 'hours', icon: 'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z' },
] as const;

/**
 * The agent login page (spec sections 1, 2, 6): no player header or footer, the programme's
 * marketing text, and a login only agents may pass ("Non-agents cannot log in").
 */
export default function AgentLoginPage() {
  const { t } = useTranslation();
  const { isLoggedIn, isAgent, isLoadingMember } = useSession();
  if (isLoggedIn && isLoadingMember) return <Spinner label={t('loading')} />;
  if (isLoggedIn && isAgent) return <Navigate to="/agentHome" replace />;

  return (
    <div className={styles.page}>
      <div className={styles.topBar}>
        <span className={styles.brand}>
          <svg viewBox="0 0 64 64" width="30" height="30" aria-hidden="true">
            <circle cx="32" cy="32" r="20" fill="none" stroke="var(--color-primary)" strokeWidth="6" />
            <circle cx="32" cy="32" r="7" fill="var(--color-accent)" />
          </svg>
          {t('brand')} <span className={styles.brandTag}>{t('agent.tag')}</span>
        </span>
        <span className={styles.tools}>
          <LanguagePicker />
          <ThemeToggle />
        </span>
      </div>
      <main className={styles.split}>
        <section className={styles.pitch} aria-labelledby="agent-pitch">
          <h1 id="agent-pitch" className={styles.headline}>
            {t('agent.headline')}
          </h1>
          <p className={styles.lead}>{t('agent.lead')}</p>
        </section>
        <section className={styles.card} aria-labelledby="agent-login-title">
          <h2 id="agent-login-title" className={styles.cardTitle}>
            {t('agent.loginTitle')}
          </h2>
          <LoginForm from="agent" />
        </section>
        <ul className={styles.highlights}>
          {highlights.map((item) => (
            <li key={item.key}>
              <span className={styles.icon} aria-hidden="true">
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                  <path
                    d={item.icon}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinejoin="round"
                  />
                </svg>
              </span>
              <span>
                <strong>{t(`agent.highlights.${item.key}.title`)}</strong>
                <span className={styles.muted}>{t(`agent.highlights.${item.key}.body`)}</span>
              </span>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
