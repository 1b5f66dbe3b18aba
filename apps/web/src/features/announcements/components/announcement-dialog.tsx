import { ANNOUNCEMENT_PAGE_SIZE, ANNOUNCEMENT_PAGINATION, type Notice } from '@sorte/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../components/ui/date-time';
import { FormattedContent } from '../../../components/ui/formatted-content';
import { Modal } from '../../../components/ui/modal';
import { Pagination } from '../../../components/ui/pagination';
import { pageCount, pageOf } from '../../../lib/pagination';
import styles from './announcements.module.css';

type Props = {
  title: string;
  items: readonly Notice[];
  open: boolean;
  onClose: () => void;
  /** The item shown first (the notice popup opens on the notice that was clicked). */
  initialIndex?: number;
  /** A button under the content that closes the popup (the popup announcements' "OK"). */
  closeLabel?: string;
};

/** The page (from 1) an item is on. */
export const pageOfIndex = (index: number, pageSize = ANNOUNCEMENT_PAGE_SIZE) =>
  Math.floor(index / pageSize) + 1;

/**
 * The announcement popup (publicModal) and the notice popup (noticeModal), spec section 2: titles 9 a
 * page with numbered pages (margin 1, range 5), the chosen one's formatted content beside them (below
 * them on a phone). A single item shows only its content.
 */
export function AnnouncementDialog({ title, items, open, onClose, initialIndex = 0, closeLabel }: Props) {
  const { t, i18n } = useTranslation();
  const [selected, setSelected] = useState(initialIndex);
  const [page, setPage] = useState(pageOfIndex(initialIndex));
  const detail = useRef<HTMLDivElement>(null);
  const detailId = useId();

  useEffect(() => {
    if (!open) return;
    setSelected(initialIndex);
    setPage(pageOfIndex(initialIndex));
  }, [open, initialIndex]);

  const current = items[selected] ?? items[0];
  const pages = pageCount(items.length, ANNOUNCEMENT_PAGE_SIZE);
  const start = (page - 1) * ANNOUNCEMENT_PAGE_SIZE;
  const single = items.length <= 1;
  const date = (iso: string) => formatDateTime(iso, i18n.language);

  const choose = (index: number) => {
    setSelected(index);
    // On a phone the content is below the list: bring it into view.
    if (window.matchMedia?.('(max-width: 719px)').matches) detail.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <Modal
      title={single && current ? current.title : title}
      open={open}
      onClose={onClose}
      size={single ? 'md' : 'lg'}
    >
      {!current ? (
        <p className={styles.empty}>{t('announcements.empty')}</p>
      ) : single ? (
        <article className={styles.detail}>
          <p className={styles.time}>{date(current.time)}</p>
          <FormattedContent html={current.content} />
        </article>
      ) : (
        <div className={styles.layout}>
          <div className={styles.index}>
            <ol className={styles.titles} aria-label={t('announcements.titles')} start={start + 1}>
              {pageOf(items, page, ANNOUNCEMENT_PAGE_SIZE).map((item, offset) => {
                const index = start + offset;
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      className={styles.titleButton}
                      aria-current={index === selected ? 'true' : undefined}
                      aria-controls={detailId}
                      onClick={() => choose(index)}
                    >
                      <span className={styles.titleText}>{item.title}</span>
                      <span className={styles.titleTime}>{date(item.time)}</span>
                    </button>
                  </li>
                );
              })}
            </ol>
            <Pagination
              page={page}
              totalPages={pages}
              onChange={setPage}
              label={t('announcements.pages')}
              range={ANNOUNCEMENT_PAGINATION.range}
              margin={ANNOUNCEMENT_PAGINATION.margin}
            />
          </div>
          <article
            ref={detail}
            id={detailId}
            className={styles.detail}
            aria-live="polite"
            aria-labelledby={`${detailId}-t`}
          >
            <h3 id={`${detailId}-t`} className={styles.detailTitle}>
              {current.title}
            </h3>
            <p className={styles.time}>{date(current.time)}</p>
            <FormattedContent html={current.content} />
          </article>
        </div>
      )}
      {closeLabel && (
        <div className={styles.actions}>
          <Button block onClick={onClose}>
            {closeLabel}
          </Button>
        </div>
      )}
    </Modal>
  );
}
