import { useEffect, useId, useRef, useState } from 'react';
import { useBalance } from '../app/balance-store';
import { useGame } from '../app/game-context';
import { maxBet } from '../lib/amount';
import { useI18n } from '../lib/i18n';
import { currencySymbol } from '../lib/money';
import styles from './amount-controls.module.css';
import type { BetAmount } from './bet-amount';

/**
 * Bet amount with ½ / 2× / min / max, and the reason the amount cannot be bet, if any. "Max" asks
 * first (the amount, and whether it is the whole balance): one stray tap must not put everything on
 * the next round.
 */
export function AmountControls({ bet, disabled = false }: { bet: BetAmount; disabled?: boolean }) {
  const { t } = useI18n();
  const game = useGame();
  const id = useId();
  const balance = useBalance(game.balance);
  const [confirmingMax, setConfirmingMax] = useState(false);
  const maxButton = useRef<HTMLButtonElement>(null);
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
        <button
          ref={maxButton}
          type="button"
          className={styles.chip}
          onClick={() => setConfirmingMax(true)}
          disabled={disabled}
          aria-expanded={confirmingMax}
        >
          {t('max')}
        </button>
      </div>
      {confirmingMax && !disabled ? (
        <MaxConfirm
          amount={maxBet(game.limits, balance)}
          isWholeBalance={maxBet(game.limits, balance) >= balance}
          onConfirm={() => {
            bet.toMax();
            setConfirmingMax(false);
            maxButton.current?.focus();
          }}
          onCancel={() => {
            setConfirmingMax(false);
            maxButton.current?.focus();
          }}
        />
      ) : null}
      {problemText ? (
        <p id={`${id}-problem`} className={styles.problem} role="alert">
          {problemText}
        </p>
      ) : null}
    </div>
  );
}

/** The question before a max bet: what it is, the way to take it, and the way out (also Escape). */
function MaxConfirm({
  amount,
  isWholeBalance,
  onConfirm,
  onCancel,
}: {
  amount: number;
  isWholeBalance: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const game = useGame();
  const id = useId();
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  const money = game.money(amount);
  return (
    <div
      className={styles.confirm}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <p id={`${id}-title`} className={styles.confirmTitle}>
        {t('maxConfirmTitle')}
      </p>
      <p id={`${id}-body`} className={styles.confirmBody}>
        {t(isWholeBalance ? 'maxConfirmBalance' : 'maxConfirmLimit', { amount: money })}
      </p>
      <div className={styles.confirmActions}>
        <button type="button" className={styles.chip} onClick={onCancel}>
          {t('maxConfirmNo')}
        </button>
        <button
          ref={confirm}
          type="button"
          className={`${styles.chip} ${styles.confirmYes}`}
          onClick={onConfirm}
        >
          {t('maxConfirmYes', { amount: money })}
        </button>
      </div>
    </div>
  );
}
