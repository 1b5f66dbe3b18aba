import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Carousel } from '../../../components/ui/carousel';
import { Skeleton } from '../../../components/ui/skeleton';
import { usePromotions } from '../api/promotions';
import styles from './promotions.module.css';

/** Spec section 9: 3 slides, gap 20. */
export const PROMOTION_CAROUSEL = { slides: 3, gap: 20 } as const;

/**
 * The home promotion carousel: 3 across on a wide screen (one and a bit on a phone, so the pictures
 * stay legible); a click goes to /promotions#{id}.
 */
export function PromotionCarousel() {
  const { t } = useTranslation();
  const promotions = usePromotions();
  if (promotions.isPending)
    return (
      <div className={styles.promoSkeleton} aria-hidden="true">
        <Skeleton ratio="2 / 1" radius="lg" />
        <Skeleton ratio="2 / 1" radius="lg" />
      </div>
    );
  if (promotions.isError || promotions.data.length === 0) return null;
  const items = promotions.data;
  return (
    <Carousel
      label={t('promotions.title')}
      perView={{ base: 1.15, sm: 2, md: PROMOTION_CAROUSEL.slides }}
      gap={PROMOTION_CAROUSEL.gap}
      arrows={items.length > 1}
      header={
        <div className={styles.promoHeader}>
          <h2 className={styles.promoTitle}>{t('promotions.title')}</h2>
          <Link to="/promotions" className={styles.allLink}>
            {t('promotions.all')}
          </Link>
        </div>
      }
    >
      {items.map((promotion, index) => {
        const picture = promotion.announcementImages[0];
        // The first cards are on the first screen (often its largest picture): never lazy.
        const first = index < 2;
        return (
          <Link key={promotion.id} to={`/promotions#${promotion.id}`} className={styles.promoCard}>
            {picture ? (
              <img
                src={picture.url}
                alt=""
                width="800"
                height="400"
                loading={first ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : undefined}
                className={styles.promoImage}
              />
            ) : (
              <span className={styles.promoImage} aria-hidden="true" />
            )}
            <span className={styles.promoCaption}>{promotion.title}</span>
          </Link>
        );
      })}
    </Carousel>
  );
}
