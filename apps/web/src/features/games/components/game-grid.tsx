import type { GameCard } from '@sorte/shared';
import { NextTask } from '../../../components/ui/next-task';
import { Skeleton } from '../../../components/ui/skeleton';
import styles from './game-grid.module.css';
import { GameTile } from './game-tile';

/**
 * Tiles rendered in the first task; the rest follow in groups of as many, each group in a task of
 * its own (NextTask). Two full rows on a wide screen, the first screen and more on a phone: a whole
 * page of tiles rendered at once was the longest start-up task of a game list on a slow phone
 * (Lighthouse's Total Blocking Time).
 */
const TILES_PER_TASK = 12;

/** Tiles in a responsive grid: 3 across on a phone, up to 6 on a wide screen. */
export function GameGrid({ cards, eagerCount = 0 }: { cards: GameCard[]; eagerCount?: number }) {
  const tile = (card: GameCard, index: number) => (
    <li key={card.cardId || card.nodeId}>
      <GameTile card={card} eager={index < eagerCount} />
    </li>
  );
  const groups: GameCard[][] = [];
  for (let start = TILES_PER_TASK; start < cards.length; start += TILES_PER_TASK)
    groups.push(cards.slice(start, start + TILES_PER_TASK));
  return (
    <ul className={styles.grid}>
      {cards.slice(0, TILES_PER_TASK).map(tile)}
      {groups.map((group, g) => (
        <NextTask key={group[0]?.cardId || group[0]?.nodeId || g}>
          {group.map((card, i) => tile(card, TILES_PER_TASK * (g + 1) + i))}
        </NextTask>
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
