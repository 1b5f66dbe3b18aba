import { classicSlot, LINES, payingSymbols, type TripleSymbol, videoSlot } from '@sorte/fair';
import { useGame } from '../../app/game-context';
import { useI18n } from '../../lib/i18n';
import styles from './paytable.module.css';
import { unitsToMinor } from './slot-answer';
import { SlotSymbol } from './symbols';

/**
 * The pays, read from the same tables the server's maths uses (@sorte/fair), shown as pictures with
 * the amounts for the current bet: a player sees what three sevens are worth without reading rules.
 */
export function Paytable({ kind, stake }: { kind: 'video' | 'classic'; stake: number }) {
  const game = useGame();
  const { t } = useI18n();
  return (
    <details className={styles.paytable}>
      <summary>{t('slotsPaytable')}</summary>
      {kind === 'video' ? (
        <>
          <ul className={styles.grid}>
            {[...payingSymbols].reverse().map((symbol) => (
              <li key={symbol} className={styles.item}>
                <SlotSymbol name={symbol} className={styles.symbol} />
                <span className="visually-hidden">{t(`symbol.${symbol}` as const)}</span>
                <span className={styles.pays}>
                  {videoSlot.paytable[symbol].map((units, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: pays for 3, 4 and 5 in a row
                    <span key={i}>
                      <b>{i + 3}×</b> {game.money(unitsToMinor(stake, units, LINES))}
                    </span>
                  ))}
                </span>
              </li>
            ))}
            <li className={styles.item}>
              <SlotSymbol name="wild" className={styles.symbol} />
              <span className={styles.pays}>{t('symbol.wild')}</span>
            </li>
            <li className={styles.item}>
              <SlotSymbol name="scatter" className={styles.symbol} />
              <span className={styles.pays}>
                {videoSlot.scatterPays.map((times, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: pays for 3, 4 and 5 scatters
                  <span key={i}>
                    <b>{i + 3}×</b> {game.money(stake * times)}
                  </span>
                ))}
              </span>
            </li>
          </ul>
          <p className={styles.hint}>{t('slotsPaytableHint', { pays: videoSlot.scatterPays.join(' / ') })}</p>
        </>
      ) : (
        <>
          <ul className={styles.grid}>
            {(Object.keys(classicSlot.triple) as TripleSymbol[])
              .sort((a, b) => classicSlot.triple[b] - classicSlot.triple[a])
              .map((symbol) => (
                <li key={symbol} className={styles.item}>
                  <span className={styles.triple}>
                    {[0, 1, 2].map((i) => (
                      <SlotSymbol key={i} name={symbol} className={styles.small} />
                    ))}
                  </span>
                  <span className="visually-hidden">{t(`symbol.${symbol}` as const)} ×3</span>
                  <span className={styles.pays}>{game.money(stake * classicSlot.triple[symbol])}</span>
                </li>
              ))}
            {classicSlot.cherry.map((times, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: pays for 1, 2 and 3 cherries
              <li key={i} className={styles.item}>
                <span className={styles.triple}>
                  {Array.from({ length: i + 1 }, (_, k) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: identical pictures in a row
                    <SlotSymbol key={k} name="cherry" className={styles.small} />
                  ))}
                </span>
                <span className="visually-hidden">
                  {i + 1} × {t('symbol.cherry')}
                </span>
                <span className={styles.pays}>{game.money(stake * times)}</span>
              </li>
            ))}
          </ul>
          <p className={styles.hint}>{t('slotsClassicHint')}</p>
        </>
      )}
    </details>
  );
}
