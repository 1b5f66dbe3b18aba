import { Gem, Mine, MinesArtDefs } from '../games/mines/mines-art';
import { SlotSymbol, SlotSymbolDefs } from '../games/slots/symbols';
import { useI18n } from '../lib/i18n';
import { formatBp, formatHundredths, payoutAtBp } from '../lib/money';
import styles from './outcome-view.module.css';
import type { Outcome } from './recompute';

/** The recomputed outcome as the game would show it: a roll, a board, a ball's path, the reels. */
export function OutcomeView({ outcome, stake }: { outcome: Outcome; stake?: number }) {
  const { t, locale } = useI18n();
  // Dice and limbo: the bet's multiplier, paid only when the bet wins.
  const multiplierBp = outcome.game === 'mines' ? null : outcome.multiplierBp;
  const wins = outcome.game === 'dice' || outcome.game === 'limbo' ? outcome.win : null;
  const paidBp = multiplierBp === null ? null : wins === false ? 0 : multiplierBp;
  return (
    <div className={styles.outcome} data-testid="verify-outcome">
      <h2 className={styles.title}>{t('verifyOutcome')}</h2>
      {outcome.game === 'dice' ? (
        <div className={styles.big}>
          <span className={styles.label}>{t('verifyRoll')}</span>
          <strong
            className="tabular"
            data-win={outcome.win || undefined}
            data-lose={outcome.win === false || undefined}
          >
            {(outcome.roll / 100).toFixed(2)}
          </strong>
          <span className={styles.bar}>
            <span style={{ left: `${outcome.roll / 100}%` }} />
          </span>
        </div>
      ) : null}
      {outcome.game === 'limbo' ? (
        <div className={styles.big}>
          <span className={styles.label}>{t('verifyResult')}</span>
          <strong
            className="tabular"
            data-win={outcome.win || undefined}
            data-lose={outcome.win === false || undefined}
          >
            {formatHundredths(outcome.result, locale)}
          </strong>
        </div>
      ) : null}
      {outcome.game === 'mines' ? (
        <div>
          <span className={styles.label}>{t('verifyMinePositions')}</span>
          <MinesArtDefs />
          <div className={styles.mines} role="img" aria-label={outcome.mines.map((m) => m + 1).join(', ')}>
            {Array.from({ length: 25 }, (_, tile) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the 25 fixed tiles
              <span key={tile} data-mine={outcome.mines.includes(tile) || undefined}>
                {outcome.mines.includes(tile) ? <Mine /> : <Gem />}
              </span>
            ))}
          </div>
          <p className={styles.list}>{outcome.mines.map((m) => m + 1).join(', ')}</p>
        </div>
      ) : null}
      {outcome.game === 'plinko' ? (
        <div>
          <span className={styles.label}>{t('verifyPath')}</span>
          <p className={styles.path}>
            {outcome.path.map((step, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one step per row
              <span key={i} title={step ? t('verifyRight') : t('verifyLeft')}>
                {step ? '↘' : '↙'}
              </span>
            ))}
          </p>
          <p className={styles.list}>
            {t('verifyBucket')}: <b>{outcome.bucket}</b>
          </p>
        </div>
      ) : null}
      {outcome.game === 'fortune-reels' ? (
        <div>
          <SlotSymbolDefs />
          <span className={styles.label}>{t('verifyWindow')}</span>
          <SlotWindow window={outcome.round.base.window} />
          {outcome.round.base.lineWins.map((w) => (
            <p key={w.line} className={styles.list}>
              {t('slotsLineWin', { line: w.line, count: w.count, symbol: t(`symbol.${w.symbol}` as const) })}
            </p>
          ))}
          {outcome.round.freeSpins.length > 0 ? (
            <p className={styles.list}>{t('verifyFreeSpins', { count: outcome.round.freeSpins.length })}</p>
          ) : null}
        </div>
      ) : null}
      {outcome.game === 'lucky-sevens' ? (
        <div>
          <SlotSymbolDefs />
          <span className={styles.label}>{t('verifyWindow')}</span>
          <SlotWindow window={outcome.spin.window} />
        </div>
      ) : null}
      {wins !== null ? (
        <p className={styles.verdict} data-win={wins || undefined}>
          {wins ? t('verifyWins') : t('verifyLose')}
        </p>
      ) : null}
      {multiplierBp !== null ? (
        <dl className={styles.facts}>
          <div>
            <dt>{t('multiplier')}</dt>
            <dd className="tabular">{formatBp(multiplierBp, locale)}</dd>
          </div>
          {stake !== undefined ? (
            <div>
              <dt>{t('verifyPayout')}</dt>
              <dd className="tabular">{(payoutAtBp(stake, paidBp ?? 0) / 100).toFixed(2)}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </div>
  );
}

function SlotWindow({ window }: { window: readonly (readonly string[])[] }) {
  return (
    <div className={styles.window} style={{ gridTemplateColumns: `repeat(${window.length}, 1fr)` }}>
      {window.map((column, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed reels
        <div key={r} className={styles.column}>
          {column.map((name, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed rows
            <SlotSymbol key={row} name={name as never} className={styles.symbol} />
          ))}
        </div>
      ))}
    </div>
  );
}
