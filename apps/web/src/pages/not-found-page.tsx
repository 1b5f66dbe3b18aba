import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './pages.module.css';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.empty} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link to="/" className={styles.cta}>
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}
