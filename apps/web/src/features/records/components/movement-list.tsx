import type { Movement, MovementPage } from '@sorte/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/ui/date-time';
import { Money } from '../../../components/ui/money';
import { Pagination } from '../../../components/ui/pagination';
import styles from './records.module.css';

const typeGlyph: Record<Movement['type'], string> = {
  deposit: 'M12 4v12M7 11l5 5 5-5',
  withdrawal: 'M12 20V8M7 13l5-5 5 5',
  bet: 'M5 7h14v10H5zM9 12h6',
  win: 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9z',
  refund: 'M9 7 4.5 11.5 9 16M5 11.5h9a5 5 0 0 1 0 10h-2',
  transfer: 'M4 8h14l-3.5-3.5M20 16H6l3.5 3.5',
  bonus: 'M4.5 11h15v9.5h-15zM3.5 7.5h17V11h-17zM12 7.5v13',
  adjustment: 'M4 12h16M12 4v16',
  contract: 'M6 3h9l4 4v14H6zM9 11h7M9 15h7',
  other: 'M12 5v.01M12 12v.01M12 19v.01',
};

/** Rows of money movements: type, reference and time on the left; amount and balance after on the right. */
export function MovementList({
  page,
  currentPage,
  onPage,
  timeZone,
  pagesLabel,
}: {
  page: MovementPage;
  currentPage: number;
  onPage: (page: number) => void;
  timeZone: string;
  pagesLabel: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <p className={styles.count}>{t('member.records.count', { count: page.total })}</p>
      <ul className={styles.rows}>
        {page.content.map((m) => (
          <li key={m.id} className={styles.row}>
            <span
              className={[styles.glyph, m.amount >= 0 ? styles.in : styles.out].join(' ')}
              aria-hidden="true"
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path
                  d={typeGlyph[m.type]}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </span>
            <span className={styles.rowMain}>
              <strong>{t(`member.records.types.${m.type}`)}</strong>
              <span className={styles.meta}>{formatDateTime(m.time, i18n.language, timeZone)}</span>
              <span className={styles.reference}>{m.reference}</span>
            </span>
            <span className={styles.rowSide}>
              <strong>
                <Money value={m.amount} currency={page.currency} signed />
              </strong>
              <span className={styles.meta}>
                {t('member.records.balanceAfter')} <Money value={m.balanceAfter} currency={page.currency} />
              </span>
            </span>
          </li>
        ))}
      </ul>
      <Pagination page={currentPage} totalPages={page.totalPages} onChange={onPage} label={pagesLabel} />
    </>
  );
}
