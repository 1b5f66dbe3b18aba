import { LINES, type PayingSymbol, payingSymbols, videoLines, videoSlot } from '@sorte/fair';
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
import styles from './fortune-reels.module.css';
import { Paytable } from './paytable';
import { Reel } from './reel';
import { type SpinAnswer, type SpinView, spinsOf, unitsToMinor } from './slot-answer';
import { SlotSymbolDefs, type SlotSymbolName } from './symbols';

const lineColours = [
  '#ffd36a',
  '#2ec4f5',
  '#ff6b9a',
  '#3ddc84',
  '#a78bfa',
  '#ff9f43',
  '#7fd8ff',
  '#f368e0',
  '#c8f560',
  '#ff5d6c',
];

const initialWindow: SlotSymbolName[][] = videoSlot.reels.map((strip, r) =>
  [0, 1, 2].map((k) => strip[(r * 7 + k) % strip.length] as SlotSymbolName),
);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Cells lit by a spin's wins: each winning line's first `count` cells, and scatters when they paid. */
export function litCells(spin: SpinView): boolean[][] {
  const lit = spin.window.map((column) => column.map(() => false));
  for (const win of spin.lineWins) {
    const rows = videoLines[win.line - 1];
    if (!rows) continue;
    for (let r = 0; r < win.count; r++) {
      const row = rows[r] as number;
      const column = lit[r];
      if (column) column[row] = true;
    }
  }
  if (spin.scatterUnits > 0 || spin.scatters >= 3)
    for (const [r, column] of spin.window.entries())
      for (const [row, sym] of column.entries()) {
        const litColumn = lit[r];
        if (sym === 'scatter' && litColumn) litColumn[row] = true;
      }
  return lit;
}

/** Fortune Reels: 5 reels, 3 rows, 10 lines, wilds, scatters and free spins with all wins ×3. */
export default function FortuneReelsGame() {
  const game = useGame();
  const { t } = useI18n();
  const bet = useBetAmount();
  const reduced = useReducedMotion();
  const [grid, setGrid] = useState<SlotSymbolName[][]>(initialWindow);
  const [spinId, setSpinId] = useState(0);
  const [shownSpin, setShownSpin] = useState<SpinView | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [free, setFree] = useState<{ n: number; total: number; won: number } | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [roundWin, setRoundWin] = useState<{
    amount: number;
    id: string;
    isBig: boolean;
    stake: number;
  } | null>(null);
  const stopped = useRef<() => void>(() => {});
  const shownWin = useCountUp(roundWin?.amount ?? 0, { ms: motionMs(900, reduced), key: roundWin?.id });

  const reelMs = (r: number, isFree: boolean) => motionMs((isFree ? 650 : 900) + r * 180, reduced);

  /** Spins the reels to `view` and resolves when the last reel has stopped. */
  const spinTo = (view: SpinView) =>
    new Promise<void>((resolve) => {
      stopped.current = resolve;
      setShownSpin(null);
      setGrid(view.window);
      setSpinId((n) => n + 1);
    });

  const spin = async () => {
    if (bet.amount === null || bet.problem) return;
    const stake = bet.amount;
    setBusy(true);
    setRoundWin(null);
    let answer: SpinAnswer;
    try {
      answer = await placeBet<SpinAnswer>('/slots/fortune-reels/spin', { amount: stake });
    } catch (error) {
      game.reportError(error);
      setBusy(false);
      return;
    }
    const spins = spinsOf(answer);
    // The win joins the balance when the last reel of the last free spin has shown it.
    const release = game.balance.apply(toMinor(answer.balance), toMinor(answer.payout));
    const base = spins[0] as SpinView;
    await spinTo(base);
    setShownSpin(base);
    const freeSpins = spins.slice(1);
    if (freeSpins.length > 0) {
      await wait(motionMs(900, reduced));
      setBanner(t('slotsFreeSpinsAwarded', { count: freeSpins.length }));
      await wait(motionMs(1600, reduced));
      setBanner(null);
      let won = 0;
      for (const [i, view] of freeSpins.entries()) {
        setFree({ n: i + 1, total: freeSpins.length, won });
        await spinTo(view);
        setShownSpin(view);
        won += unitsToMinor(stake, view.lineWins.reduce((s, w) => s + w.units, 0) + view.scatterUnits, LINES);
        setFree({ n: i + 1, total: freeSpins.length, won });
        await wait(motionMs(view.lineWins.length || view.scatterUnits ? 1100 : 350, reduced));
      }
      setBanner(t('slotsFreeSpinsTotal', { amount: game.money(won) }));
      await wait(motionMs(1600, reduced));
      setBanner(null);
      setFree(null);
    }
    const payout = toMinor(answer.payout);
    if (payout > 0) setRoundWin({ amount: payout, id: answer.roundId, isBig: payout >= stake * 10, stake });
    release();
    game.roundPlayed(answer.nonce);
    setBusy(false);
  };

  const lit = shownSpin ? litCells(shownSpin) : null;
  const hasWin = !!shownSpin && (shownSpin.lineWins.length > 0 || shownSpin.scatterUnits > 0);
  const lineBet = bet.amount !== null ? Math.floor(bet.amount / LINES) : 0;
  return (
    <GameLayout
      label={t('boardLabel', { game: t('game.fortune-reels') })}
      stage={
        <div className={styles.stage} data-free={free ? true : undefined}>
          <SlotSymbolDefs />
          <div className={styles.marquee}>
            {free ? (
              <span className={styles.freeBadge}>
                {t('slotsFreeSpin', { n: free.n, total: free.total })} · ×3 · {game.money(free.won)}
              </span>
            ) : (
              <span className={styles.logo}>{t('game.fortune-reels')}</span>
            )}
          </div>
          <div className={styles.cabinet}>
            <div className={styles.reels}>
              {grid.map((column, r) => (
                <Reel
                  // Five fixed reels.
                  // biome-ignore lint/suspicious/noArrayIndexKey: reel positions are fixed
                  key={r}
                  strip={videoSlot.reels[r] as readonly SlotSymbolName[]}
                  symbols={column}
                  spinId={spinId}
                  passing={14 + r * 5}
                  durationMs={reelMs(r, !!free)}
                  highlight={lit?.[r]}
                  dim={hasWin}
                  onStop={r === grid.length - 1 ? () => stopped.current() : undefined}
                />
              ))}
              {shownSpin && shownSpin.lineWins.length > 0 ? (
                <svg className={styles.lines} viewBox="0 0 5 3" preserveAspectRatio="none" aria-hidden="true">
                  {shownSpin.lineWins.map((win) => (
                    <polyline
                      key={win.line}
                      points={(videoLines[win.line - 1] ?? [])
                        .map((row, r) => `${r + 0.5},${row + 0.5}`)
                        .join(' ')}
                      fill="none"
                      stroke={lineColours[(win.line - 1) % lineColours.length]}
                      strokeWidth="4"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                      vectorEffect="non-scaling-stroke"
                    />
                  ))}
                </svg>
              ) : null}
            </div>
            {banner ? (
              <div className={styles.banner} role="status">
                {banner}
              </div>
            ) : null}
          </div>
          <div className={styles.winBar} aria-live="polite">
            {roundWin ? (
              <>
                <span className={styles.win} data-big={roundWin.isBig || undefined}>
                  {roundWin.isBig ? `${t('slotsBigWin')} ` : `${t('slotsWin')} `}
                  <strong className="tabular">{game.money(shownWin)}</strong>
                </span>
                {shownSpin && hasWin ? <WinLines spin={shownSpin} stake={roundWin.stake} /> : null}
              </>
            ) : shownSpin && !free ? (
              hasWin ? (
                <WinLines spin={shownSpin} stake={bet.amount ?? 0} />
              ) : (
                <span className={styles.noWin}>{t('slotsNoWin')}</span>
              )
            ) : shownSpin && free ? (
              <WinLines spin={shownSpin} stake={bet.amount ?? 0} />
            ) : (
              <span className={styles.noWin}>{t('slotsLineBet', { amount: game.money(lineBet) })}</span>
            )}
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
          <Paytable kind="video" stake={bet.amount ?? 0} />
        </>
      }
    />
  );
}

function WinLines({ spin, stake }: { spin: SpinView; stake: number }) {
  const game = useGame();
  const { t } = useI18n();
  const parts = spin.lineWins.map(
    (win) =>
      `${t('slotsLineWin', {
        line: win.line,
        count: win.count,
        symbol: t(
          `symbol.${(payingSymbols as readonly string[]).includes(win.symbol) ? (win.symbol as PayingSymbol) : 'cherry'}` as const,
        ),
      })} · ${game.money(unitsToMinor(stake, win.units, LINES))}`,
  );
  if (spin.scatterUnits > 0)
    parts.push(
      `${t('slotsScatterWin', { count: spin.scatters })} · ${game.money(unitsToMinor(stake, spin.scatterUnits, LINES))}`,
    );
  return (
    <ul className={styles.lineList}>
      {parts.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}
