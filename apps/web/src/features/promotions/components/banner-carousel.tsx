import type { Banner } from '@sorte/shared';
import { useTranslation } from 'react-i18next';
import { Carousel } from '../../../components/ui/carousel';
import { Skeleton } from '../../../components/ui/skeleton';
import { useBanners } from '../api/promotions';
import { type BannerTarget, bannerTarget } from '../banner-target';
import styles from './promotions.module.css';

/** Spec section 9: autoplay 5000 ms, transition 1000 ms, gap about 20.3 px. */
export const BANNER_CAROUSEL = { autoplayMs: 5000, transitionMs: 1000, gap: 20 } as const;

/**
 * The home banners (group w_home): loop, autoplay and dots only with more than one; a click opens
 * the banner's target (the page decides how: a route, an address, a game).
 */
export function BannerCarousel({ onOpen }: { onOpen: (target: NonNullable<BannerTarget>) => void }) {
  const { t } = useTranslation();
  const banners = useBanners('w_home');
  if (banners.isPending) return <Skeleton ratio="3 / 1" radius="lg" />;
  if (banners.isError || banners.data.length === 0) return null;
  const many = banners.data.length > 1;
  return (
    <Carousel
      label={t('promotions.banners')}
      loop={many}
      dots={many}
      arrows={many}
      controls="overlay"
      autoplayMs={many ? BANNER_CAROUSEL.autoplayMs : undefined}
      transitionMs={BANNER_CAROUSEL.transitionMs}
      gap={BANNER_CAROUSEL.gap}
      className={styles.banners}
    >
      {banners.data.map((banner, index) => (
        <BannerSlide key={banner.id} banner={banner} index={index} onOpen={onOpen} />
      ))}
    </Carousel>
  );
}

function BannerSlide({
  banner,
  index,
  onOpen,
}: {
  banner: Banner;
  index: number;
  onOpen: (target: NonNullable<BannerTarget>) => void;
}) {
  const { t } = useTranslation();
  const target = bannerTarget(banner);
  const image = (
    <img
      src={banner.url}
      alt={t('promotions.bannerAlt', { index: index + 1 })}
      className={styles.bannerImage}
      width="1200"
      height="400"
      loading={index === 0 ? 'eager' : 'lazy'}
      fetchPriority={index === 0 ? 'high' : undefined}
    />
  );
  if (!target) return <div className={styles.banner}>{image}</div>;
  return (
    <button type="button" className={styles.banner} onClick={() => onOpen(target)}>
      {image}
    </button>
  );
}
