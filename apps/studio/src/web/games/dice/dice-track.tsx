import { useEffect, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import styles from './dice-track.module.css';

type Result = { roll: number; win: boolean; id: string };

/**
 * The 0–100 track: the winning side green, the losing side red, the target on a draggable thumb,
 * and the rolled number flying to where it landed. The number counts up while it travels.
 */
export function DiceTrack({
  direction,
  target,
  onTarget,
  result,
  isRolling,
  reduced,
  disabled,
}: {
  direction: 'over' | 'under';
  target: number;
  onTarget: (target: number) => void;
  result: Result | null;
  isRolling: boolean;
  reduced: boolean;
  disabled: boolean;
}) {
  const { t } = useI18n();
  const shown = useCountUp(result, reduced);
  const pct = target / 100;
  const winBackground =
    direction === 'over'
      ? `linear-gradient(90deg, var(--lose) 0 ${pct}%, var(--win) ${pct}% 100%)`
      : `linear-gradient(90deg, var(--win) 0 ${pct}%, var(--lose) ${pct}% 100%)`;
  return (
    <div className={styles.wrap}>
      <div className={styles.result} aria-live="polite">
        {result ? (
          <span
            className={`${styles.big} tabular`}
            data-win={!isRolling && result.win ? true : undefined}
            data-lose={!isRolling && !result.win ? true : undefined}
          >
            {(shown / 100).toFixed(2)}
          </span>
        ) : (
          <span className={`${styles.big} ${styles.idle} tabular`}>50.00</span>
        )}
        {result && !isRolling ? (
          <span className="visually-hidden">{result.win ? t('youWon') : t('youLost')}</span>
        ) : null}
      </div>
      <div className={styles.trackArea}>
        {result ? (
          <span
            key={result.id}
            className={styles.marker}
            data-win={result.win || undefined}
            style={{ left: `${result.roll / 100}%` }}
            aria-hidden="true"
          >
            {(result.roll / 100).toFixed(2)}
          </span>
        ) : null}
        <div className={styles.track} style={{ background: winBackground }} />
        <input
          type="range"
          className={styles.range}
          min={200}
          max={9800}
          step={1}
          value={target}
          disabled={disabled}
          aria-label={direction === 'over' ? t('diceRollOver') : t('diceRollUnder')}
          aria-valuetext={(target / 100).toFixed(2)}
          onChange={(event) => onTarget(Number(event.target.value))}
        />
      </div>
      <div className={styles.scale} aria-hidden="true">
        {[0, 25, 50, 75, 100].map((n) => (
          <span key={n}>{n}</span>
        ))}
      </div>
    </div>
  );
}

/** Counts from 0 to the roll in about half a second (at once when motion is reduced). */
function useCountUp(result: Result | null, reduced: boolean): number {
  const [value, setValue] = useState(result?.roll ?? 0);
  useEffect(() => {
    if (!result) return;
    if (reduced) {
      setValue(result.roll);
      return;
    }
    const start = performance.now();
    let frame = 0;
    const step = () => {
      const p = Math.min(1, (performance.now() - start) / 500);
      const eased = 1 - (1 - p) ** 3;
      setValue(Math.round(result.roll * eased));
      if (p < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [result, reduced]);
  return value;
}
