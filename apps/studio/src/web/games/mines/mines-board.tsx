import { MINES_TILES } from '@sorte/fair';
import { useI18n } from '../../lib/i18n';
import { Gem, Mine, MinesArtDefs } from './mines-art';
import styles from './mines-board.module.css';

export type TileView = 'hidden' | 'gem' | 'mine' | 'hit' | 'gem-faded' | 'mine-faded';

/**
 * What each of the 25 tiles shows: found gems, the mine that ended the round, and once the round is
 * over every other tile faded in, so the player sees where the mines were.
 */
export function tileViews(
  revealed: readonly number[],
  mines: readonly number[] | null,
  hit: number | null,
): TileView[] {
  const found = new Set(revealed);
  const mineSet = new Set(mines ?? []);
  return Array.from({ length: MINES_TILES }, (_, tile) => {
    if (tile === hit) return 'hit';
    if (found.has(tile)) return 'gem';
    if (!mines) return 'hidden';
    return mineSet.has(tile) ? 'mine-faded' : 'gem-faded';
  });
}

export function MinesBoard({
  views,
  canPick,
  pending,
  onPick,
}: {
  views: TileView[];
  canPick: boolean;
  pending: number | null;
  onPick: (tile: number) => void;
}) {
  const { t } = useI18n();
  return (
    <fieldset className={styles.board}>
      <legend className="visually-hidden">{t('minesBoard')}</legend>
      <MinesArtDefs />
      {views.map((view, tile) => {
        const label =
          view === 'gem'
            ? t('minesTileGem', { n: tile + 1 })
            : view === 'hit' || view === 'mine-faded'
              ? t('minesTileMine', { n: tile + 1 })
              : t('minesTile', { n: tile + 1 });
        return (
          <button
            // The 25 tiles are fixed positions.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={tile}
            type="button"
            className={styles.tile}
            data-view={view}
            data-pending={pending === tile || undefined}
            disabled={!canPick || view !== 'hidden'}
            aria-label={label}
            onClick={() => onPick(tile)}
          >
            {view === 'gem' || view === 'gem-faded' ? <Gem className={styles.art} /> : null}
            {view === 'hit' || view === 'mine-faded' ? <Mine className={styles.art} /> : null}
          </button>
        );
      })}
    </fieldset>
  );
}
