import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { LanguagePicker } from '../../features/preferences/language-picker';
import { ThemeToggle } from '../../features/preferences/theme-toggle';
import { useScrollRestoration } from '../use-scroll-restoration';
import styles from './player-layout.module.css';

/** Header, content and footer of every player page (agent pages have a bare layout of their own). */
export function PlayerLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  useScrollRestoration();
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        {t('skipToContent')}
      </a>
      <header className={styles.header}>
        <Link to="/" className={styles.brand} aria-label={t('nav.home')}>
          <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true">
            <circle cx="32" cy="32" r="20" fill="none" stroke="var(--color-primary)" strokeWidth="6" />
            <circle cx="32" cy="32" r="7" fill="var(--color-accent)" />
          </svg>
          <span>{t('brand')}</span>
        </Link>
        <div className={styles.actions}>
          <LanguagePicker />
          <ThemeToggle />
        </div>
      </header>
      {navigation.state === 'loading' && (
        <div className={styles.progress} role="progressbar" aria-label={t('loading')} />
      )}
      <main id="main" className={styles.main}>
        <Suspense fallback={<Spinner label={t('loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className={styles.footer}>
        <p>
          <strong className={styles.badge}>18+</strong> {t('footer.adults')}
        </p>
        <p>{t('footer.licence')}</p>
        <p className={styles.muted}>{t('footer.rights', { year: new Date().getFullYear() })}</p>
      </footer>
    </div>
  );
}
