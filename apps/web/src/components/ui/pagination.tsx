import { useTranslation } from 'react-i18next';
import { pageItems } from '../../lib/pagination';
import styles from './pagination.module.css';

type Props = {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Announcement pages". */
  label: string;
  range?: number;
  margin?: number;
};

/**
 * Numbered pages with previous/next (spec section 9: margin 1, range 5): 1 … 8 9 10 11 12 … 20.
 * Nothing is shown for a single page.
 */
export function Pagination({ page, totalPages, onChange, label, range = 5, margin = 1 }: Props) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const items = pageItems(page, totalPages, range, margin);
  return (
    <nav className={styles.pagination} aria-label={label}>
      <button
        type="button"
        className={styles.step}
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
        aria-label={t('pagination.previous')}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M15 5l-7 7 7 7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.4"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <ul className={styles.list}>
        {items.map((item, index) =>
          item === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own.
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={styles.page}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: item })}
                onClick={() => onChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className={styles.step}
        onClick={() => onChange(page + 1)}
        disabled={page >= totalPages}
        aria-label={t('pagination.next')}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </button>
    </nav>
  );
}
