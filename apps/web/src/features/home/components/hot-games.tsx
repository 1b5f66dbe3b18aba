import type { GameCard } from '@sorte/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Carousel } from '../../../components/ui/carousel';
import { hasHotArrows } from '../home-sections';
import styles from './home.module.css';

/** Spec section 9: 6 slides, gap 13, speed 1100 ms, autoplay 1200 ms. */
export const HOT_CAROUSEL = { slides: 6, gap: 13, speedMs: 1100, autoplayMs: 1200 } as const;

type Props = {
  cards: GameCard[];
  /** Renders one tile (the games feature's tile, composed by the page). */
  renderTile: (card: GameCard) => ReactNode;
  /** The section title, beside the arrows. */
  header: ReactNode;
};

/**
 * The HOT carousel: 6 tiles across on a wide screen (3 on a phone, 4–5 in between, so names stay
 * readable), arrows only with more than 7 games.
 */
export function HotGames({ cards, renderTile, header }: Props) {
  const { t } = useTranslation();
  if (cards.length === 0) return null;
  const arrows = hasHotArrows(cards.length);
  return (
    <div className={styles.hot} data-section="HOT">
      <Carousel
        label={t('games.types.HOT')}
        perView={{ base: 3, sm: 4, md: 5, lg: HOT_CAROUSEL.slides }}
        gap={HOT_CAROUSEL.gap}
        transitionMs={HOT_CAROUSEL.speedMs}
        autoplayMs={HOT_CAROUSEL.autoplayMs}
        loop={arrows}
        arrows={arrows}
        header={header}
      >
        {cards.map((card) => (
          <div key={card.cardId || card.nodeId} className={styles.hotSlide}>
            {renderTile(card)}
          </div>
        ))}
      </Carousel>
    </div>
  );
}
