import type { GameCard } from '@sorte/shared';
import { Skeleton } from '../../../components/ui/skeleton';
import styles from './game-grid.module.css';
import { GameTile } from './game-tile';

/** Tiles in a responsive grid: 3 across on a phone, up to 6 on a wide screen. */
export function GameGrid({ cards, eagerCount = 0 }: { cards: GameCard[]; eagerCount?: number }) {
  return (
    <ul className={styles.grid}>
      {cards.map((card, index) => (
        <li key={card.cardId || card.nodeId}>
          <GameTile card={card} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The grid's shape while the games load. With a label it says so itself; without, the caller
 * (QueryState) does.
 */
export function GameGridSkeleton({ count = 6, label }: { count?: number; label?: string }) {
  const tiles = (
    <ul className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <li key={index} className={styles.skeletonTile}>
          <Skeleton ratio="1 / 1" radius="md" />
          <Skeleton height={12} width="80%" radius="sm" />
          <Skeleton height={10} width="50%" radius="sm" />
        </li>
      ))}
    </ul>
  );
  return label ? (
    <div role="status" aria-label={label}>
      {tiles}
    </div>
  ) : (
    <div>{tiles}</div>
  );
}
