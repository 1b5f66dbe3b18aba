import { useTranslation } from 'react-i18next';
import styles from './pages.module.css';

/** The lobby. Its sections come with the lobby feature; until a vendor is connected it is honestly empty. */
export default function HomePage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="lobby-title">
      <h1 id="lobby-title" className={styles.title}>
        {t('home.title')}
      </h1>
      <div className={styles.empty}>
        <svg viewBox="0 0 120 80" width="120" height="80" aria-hidden="true">
          <rect
            x="10"
            y="14"
            width="100"
            height="56"
            rx="10"
            fill="var(--color-surface-raised)"
            stroke="var(--color-border)"
            strokeWidth="3"
          />
          <circle cx="42" cy="42" r="9" fill="var(--tile-skyblue)" />
          <circle cx="62" cy="42" r="9" fill="var(--tile-green)" />
          <circle cx="82" cy="42" r="9" fill="var(--tile-purple)" />
        </svg>
        <h2>{t('home.emptyTitle')}</h2>
        <p>{t('home.emptyBody')}</p>
      </div>
    </section>
  );
}
