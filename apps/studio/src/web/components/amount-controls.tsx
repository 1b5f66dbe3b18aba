import { useId } from 'react';
import { useGame } from '../app/game-context';
import { useI18n } from '../lib/i18n';
import { currencySymbol } from '../lib/money';
import styles from './amount-controls.module.css';
import type { BetAmount } from './bet-amount';

/** Bet amount with ½ / 2× / min / max, and the reason the amount cannot be bet, if any. */
export function AmountControls({ bet, disabled = false }: { bet: BetAmount; disabled?: boolean }) {
  const { t } = useI18n();
  const game = useGame();
  const id = useId();
  const problemText =
    bet.problem === 'amountBelowMin'
      ? t('amountBelowMin', { min: game.money(game.limits.min) })
      : bet.problem === 'amountAboveMax'
        ? t('amountAboveMax', { max: game.money(game.limits.max) })
        : bet.problem
          ? t(bet.problem)
          : null;
  return (
    <div className={styles.amount}>
      <label htmlFor={id} className={styles.label}>
        {t('betAmount')}
      </label>
      <div className={styles.row} data-invalid={problemText ? true : undefined}>
        <span className={styles.currency} aria-hidden="true">
          {currencySymbol(game.currency)}
        </span>
        <input
          id={id}
          className={`${styles.input} tabular`}
          inputMode="decimal"
          autoComplete="off"
          value={bet.text}
          disabled={disabled}
          aria-invalid={problemText ? true : undefined}
          aria-describedby={problemText ? `${id}-problem` : undefined}
          onChange={(event) => bet.setText(event.target.value)}
        />
        <div className={styles.steps}>
          <button
            type="button"
            className={styles.step}
            onClick={bet.halve}
            disabled={disabled}
            aria-label={t('amountHalf')}
          >
            ½
          </button>
          <button
            type="button"
            className={styles.step}
            onClick={bet.double}
            disabled={disabled}
            aria-label={t('amountDouble')}
          >
            2×
          </button>
        </div>
      </div>
      <div className={styles.quick}>
        <button type="button" className={styles.chip} onClick={bet.toMin} disabled={disabled}>
          {t('min')}
        </button>
        <button type="button" className={styles.chip} onClick={bet.toMax} disabled={disabled}>
          {t('max')}
        </button>
      </div>
      {problemText ? (
        <p id={`${id}-problem`} className={styles.problem} role="alert">
          {problemText}
        </p>
      ) : null}
    </div>
  );
}
