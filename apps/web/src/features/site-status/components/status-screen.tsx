import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/ui/icon';
import styles from './status-screen.module.css';

type Props = {
  icon: IconName;
  tone?: 'primary' | 'danger';
  title: string;
  children: ReactNode;
  /** Shown at the top right, e.g. the language picker, so a visitor can read the page in theirs. */
  toolbar?: ReactNode;
};

/**
 * A whole-page notice in place of the site (maintenance, region block, a failed start): the brand,
 * a large picture, the title and what to do next, centred and thumb-reachable on a phone.
 */
export function StatusScreen({ icon, tone = 'primary', title, children, toolbar }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <span className={styles.brand}>
          <svg viewBox="0 0 64 64" width="30" height="30" aria-hidden="true">
            <circle cx="32" cy="32" r="20" fill="none" stroke="var(--color-primary)" strokeWidth="6" />
            <circle cx="32" cy="32" r="7" fill="var(--color-accent)" />
          </svg>
          {t('brand')}
        </span>
        {toolbar}
      </header>
      <main className={styles.main}>
        <section className={styles.card} aria-labelledby="status-title">
          <span className={[styles.badge, styles[tone]].join(' ')} aria-hidden="true">
            <Icon name={icon} size={40} />
          </span>
          <h1 id="status-title" className={styles.title}>
            {title}
          </h1>
          {children}
        </section>
      </main>
    </div>
  );
}
