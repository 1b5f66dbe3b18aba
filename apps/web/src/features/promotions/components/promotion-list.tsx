import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../components/ui/date-time';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormattedContent } from '../../../components/ui/formatted-content';
import { NextTask } from '../../../components/ui/next-task';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { usePromotions } from '../api/promotions';
import styles from './promotions.module.css';

/**
 * The promotions page: every promotion with its pictures and terms. An address hash (#id) scrolls to
 * that promotion and highlights it.
 */
export function PromotionList({ hash }: { hash: string }) {
  const { t, i18n } = useTranslation();
  const promotions = usePromotions();
  const wanted = decodeURIComponent(hash.replace(/^#/, ''));
  const [highlighted, setHighlighted] = useState<string | null>(null);

  useEffect(() => {
    if (!wanted || !promotions.data) return;
    const element = document.getElementById(`promotion-${wanted}`);
    if (!element) return;
    // After the layout's own scroll on navigation (its effect runs after this one when the list is
    // there at the first render, as with the answer index.html fetched early), not before it.
    const frame = requestAnimationFrame(() => {
      const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      element.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
      element.focus({ preventScroll: true });
      setHighlighted(wanted);
    });
    return () => cancelAnimationFrame(frame);
  }, [wanted, promotions.data]);

  const date = (iso: string) => formatDate(iso, i18n.language);

  const body = (
    <QueryState
      query={promotions}
      loading={
        <div className={styles.list}>
          {[0, 1].map((i) => (
            <div key={i} className={styles.item}>
              <Skeleton ratio="2 / 1" radius="lg" />
              <Skeleton height={20} width="60%" />
              <Skeleton height={14} />
            </div>
          ))}
        </div>
      }
      failedTitle={t('promotions.loadFailed')}
      isEmpty={(data) => data.length === 0}
      empty={<EmptyState icon="gift" title={t('promotions.empty')} body={t('promotions.emptyBody')} />}
    >
      {(data) => {
        // The first promotion, and every one up to the one the address asks for (it is scrolled to,
        // so what lies above it must be laid out), render at once; each of the others in a task of
        // its own (NextTask): sanitising every promotion's text in the first render was the page's
        // longest start-up task on a slow phone (Lighthouse's Total Blocking Time).
        const eagerUntil = Math.max(
          0,
          data.findIndex((promotion) => String(promotion.id) === wanted),
        );
        return (
          <ul className={styles.list}>
            {data.map((promotion, index) => {
              const item = (
                <article
                  id={`promotion-${promotion.id}`}
                  tabIndex={-1}
                  className={[styles.item, highlighted === String(promotion.id) && styles.highlighted]
                    .filter(Boolean)
                    .join(' ')}
                  aria-labelledby={`promotion-${promotion.id}-title`}
                >
                  {promotion.announcementImages.length > 0 && (
                    <div className={styles.pictures}>
                      {promotion.announcementImages.map((image, picture) => (
                        <img
                          key={`${image.sequence}-${image.url}`}
                          src={image.url}
                          alt=""
                          width="800"
                          height="400"
                          // The first promotion's picture is the page's largest: it loads at once.
                          loading={index === 0 ? 'eager' : 'lazy'}
                          fetchPriority={index === 0 && picture === 0 ? 'high' : undefined}
                          className={styles.itemImage}
                        />
                      ))}
                    </div>
                  )}
                  <div className={styles.itemBody}>
                    <h2 id={`promotion-${promotion.id}-title`} className={styles.itemTitle}>
                      {promotion.title}
                    </h2>
                    <p className={styles.itemTime}>{date(promotion.time)}</p>
                    <FormattedContent html={promotion.content} />
                  </div>
                </article>
              );
              return <li key={promotion.id}>{index <= eagerUntil ? item : <NextTask>{item}</NextTask>}</li>;
            })}
          </ul>
        );
      }}
    </QueryState>
  );

  return (
    <div className={styles.page}>
      <header className={styles.pageHero}>
        <h1 className={styles.pageTitle}>{t('promotions.title')}</h1>
        <p className={styles.pageLead}>{t('promotions.lead')}</p>
      </header>
      {body}
    </div>
  );
}
