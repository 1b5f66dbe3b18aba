import { type ClassicSymbol, classicSlot } from '@sorte/fair';
import { useRef, useState } from 'react';
import { useGame } from '../../app/game-context';
import { GameLayout } from '../../app/game-layout';
import { AmountControls } from '../../components/amount-controls';
import { useBetAmount } from '../../components/bet-amount';
import { Button } from '../../components/button';
import { placeBet } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { toMinor } from '../../lib/money';
import { useCountUp } from '../../lib/use-count-up';
import { motionMs, useReducedMotion } from '../../lib/use-reduced-motion';
import styles from './lucky-sevens.module.css';
import { Paytable } from './paytable';
import { Reel } from './reel';
import type { SpinAnswer } from './slot-answer';
import { SlotSymbolDefs } from './symbols';

const n = classicSlot.reels[0]?.length ?? 64;
const initialWindow: ClassicSymbol[][] = classicSlot.reels.map((strip, r) =>
  [-1, 0, 1].map((k) => strip[(r * 11 + 3 + k + n) % n] as ClassicSymbol),
);

/**
 * The 3×3 window of a classic spin (row 1 is the payline). A server that sends just the line gets
 * its neighbours from the strip, so the reels still look whole.
 */
export function classicWindow(window: unknown): ClassicSymbol[][] {
  const columns = Array.isArray(window) ? (window as ClassicSymbol[][]) : [];
  return classicSlot.reels.map((strip, r) => {
    const column = columns[r] ?? [];
    if (column.length >= 3) return column.slice(0, 3);
    const middle = column[0] ?? 'blank';
    const at = strip.indexOf(middle);
    return [strip[(at - 1 + n) % n], middle, strip[(at + 1) % n]] as ClassicSymbol[];
  });
}

/** Lucky Sevens: three reels, one line; three of a kind pays, cherries pay from the left. */
export default function LuckySevensGame() {
  const game = useGame();
  const { t } = useI18n();
  const bet = useBetAmount();
  const reduced = useReducedMotion();
  const [grid, setGrid] = useState<ClassicSymbol[][]>(initialWindow);
  const [spinId, setSpinId] = useState(0);
  const [isBusy, setBusy] = useState(false);
  const [result, setResult] = useState<{ payout: number; id: string; stake: number } | null>(null);
  const stopped = useRef<() => void>(() => {});
  const shown = useCountUp(result?.payout ?? 0, { ms: motionMs(700, reduced), key: result?.id });

  const spin = async () => {
    if (bet.amount === null || bet.problem) return;
    const stake = bet.amount;
    setBusy(true);
    setResult(null);
    try {
      const answer = await placeBet<SpinAnswer>('/slots/lucky-sevens/spin', { amount: stake });
      const release = game.balance.apply(toMinor(answer.balance), toMinor(answer.payout));
      await new Promise<void>((resolve) => {
        stopped.current = resolve;
        setGrid(classicWindow(answer.window));
        setSpinId((id) => id + 1);
      });
      setResult({ payout: toMinor(answer.payout), id: answer.roundId, stake });
      release();
      game.roundPlayed(answer.nonce);
    } catch (error) {
      game.reportError(error);
    } finally {
      setBusy(false);
    }
  };

  const isWin = !!result && result.payout > 0;
  return (
    <GameLayout
      label={t('boardLabel', { game: t('game.lucky-sevens') })}
      stage={
        <div className={styles.stage}>
          <SlotSymbolDefs />
          <div className={styles.cabinet}>
            <div className={styles.marquee} aria-hidden="true">
              <span className={styles.title}>777 {t('game.lucky-sevens')}</span>
            </div>
            <div className={styles.glass}>
              <div className={styles.reels} data-win={isWin || undefined}>
                {grid.map((column, r) => (
                  <Reel
                    // biome-ignore lint/suspicious/noArrayIndexKey: reel positions are fixed
                    key={r}
                    strip={classicSlot.reels[r] as readonly ClassicSymbol[]}
                    symbols={column}
                    spinId={spinId}
                    passing={18 + r * 7}
                    durationMs={motionMs(1000 + r * 300, reduced)}
                    highlight={isWin ? [false, true, false] : undefined}
                    onStop={r === grid.length - 1 ? () => stopped.current() : undefined}
                  />
                ))}
              </div>
              <span className={styles.payline} aria-hidden="true" />
            </div>
            <div className={styles.display} aria-live="polite">
              {result ? (
                isWin ? (
                  <span className={styles.win}>
                    {t('slotsWin')} <strong className="tabular">{game.money(shown)}</strong>
                  </span>
                ) : (
                  <span className={styles.noWin}>{t('slotsNoWin')}</span>
                )
              ) : (
                <span className={styles.noWin}>{t('slotsClassicHint')}</span>
              )}
            </div>
          </div>
        </div>
      }
      controls={
        <>
          <AmountControls bet={bet} disabled={isBusy} />
          <Button
            variant="primary"
            size="lg"
            onClick={spin}
            busy={isBusy}
            disabled={isBusy || bet.amount === null || !!bet.problem}
          >
            {isBusy ? t('slotsSpinning') : t('slotsSpin')}
          </Button>
          <Paytable kind="classic" stake={bet.amount ?? 0} />
        </>
      }
    />
  );
}
