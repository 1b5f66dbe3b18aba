import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import styles from './pages.module.css';

/** Shown when a page fails to render or its code fails to load (a flaky mobile network). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError() as Error | undefined;
  const isChunkLoad = /dynamically imported module|Importing a module script failed/i.test(
    error?.message ?? '',
  );
  return (
    <section className={styles.empty} role="alert">
      <h1>{t('error.title')}</h1>
      <p>{isChunkLoad ? t('error.chunk') : t('error.body')}</p>
      <Button onClick={() => window.location.reload()}>{t('error.retry')}</Button>
    </section>
  );
}
