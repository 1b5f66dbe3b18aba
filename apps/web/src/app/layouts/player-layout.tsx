import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useScrollRestoration } from '../use-scroll-restoration';
import styles from './player-layout.module.css';
import { SiteHeader } from './site-header';

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
      <SiteHeader />
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
