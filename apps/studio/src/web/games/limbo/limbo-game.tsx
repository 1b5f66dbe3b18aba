import { LIMBO_MAX_TARGET, LIMBO_MIN_TARGET } from '@sorte/fair';
import { useState } from 'react';
import { useGame } from '../../app/game-context';
import { GameLayout } from '../../app/game-layout';
import { AmountControls } from '../../components/amount-controls';
import { useBetAmount } from '../../components/bet-amount';
import { Button } from '../../components/button';
import { Field, Readout } from '../../components/field';
import { RecentResults } from '../../components/recent-results';
import { placeBet } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { formatChance, formatHundredths, payoutAtHundredths } from '../../lib/money';
import { motionMs, useReducedMotion } from '../../lib/use-reduced-motion';
import { useRoundReveal } from '../../lib/use-round-animation';
import { LimboDial } from './limbo-dial';
import styles from './limbo-game.module.css';

type LimboAnswer = {
  roundId: string;
  result: number;
  win: boolean;
  multiplierHundredths: number;
  payout: number;
  balance: number;
  nonce: number;
};

/** "2.00" or "2,5" → hundredths, within limbo's accepted targets. */
export function parseTarget(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return value >= LIMBO_MIN_TARGET && value <= LIMBO_MAX_TARGET ? value : null;
}

/** Win chance of a target in hundredths of a percent: 99% / target (2.00× → 49.50%). */
export function limboChance(target: number): number {
  return Math.floor(990_000 / target);
}

/** Limbo: name a multiplier; the draw must reach it. */
export default function LimboGame() {
  const game = useGame();
  const { t, locale } = useI18n();
  const bet = useBetAmount();
  const reduced = useReducedMotion();
  const reveal = useRoundReveal();
  const [targetText, setTargetText] = useState('2.00');
  const [isBusy, setBusy] = useState(false);
  const [last, setLast] = useState<{ result: number; win: boolean; target: number; id: string } | null>(null);
  const [recent, setRecent] = useState<{ result: number; win: boolean; id: string }[]>([]);
  const [isRevealing, setRevealing] = useState(false);
  const target = parseTarget(targetText);
  const problem = target === null ? t('limboTargetInvalid') : null;

  const play = async () => {
    if (bet.amount === null || bet.problem || target === null) return;
    setBusy(true);
    try {
      const answer = await placeBet<LimboAnswer>('/limbo/bet', { amount: bet.amount, target });
      const result = { result: answer.result, win: answer.win, target, id: answer.roundId };
      setLast(result);
      setRevealing(true);
      reveal(answer, motionMs(800, reduced), () => {
        setRevealing(false);
        setRecent((list) => [result, ...list].slice(0, 8));
      });
    } catch (error) {
      game.reportError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <GameLayout
      label={t('boardLabel', { game: t('game.limbo') })}
      stage={
        <div className={styles.stage}>
          <RecentResults
            label={t('recentResults')}
            items={recent.map((r) => ({ id: r.id, text: formatHundredths(r.result, locale), win: r.win }))}
          />
          <LimboDial
            result={last}
            target={target ?? last?.target ?? 200}
            isRevealing={isRevealing}
            durationMs={motionMs(800, reduced)}
          />
        </div>
      }
      controls={
        <>
          <AmountControls bet={bet} disabled={isBusy} />
          <div className={styles.pair}>
            <Field
              label={t('limboTarget')}
              suffix="×"
              inputMode="decimal"
              value={targetText}
              problem={problem}
              disabled={isBusy}
              onChange={(event) => setTargetText(event.target.value)}
            />
            <Readout
              label={t('winChance')}
              value={target ? formatChance(limboChance(target), locale) : '—'}
            />
          </div>
          <Readout
            label={t('payoutOnWin')}
            value={game.money(bet.amount !== null && target ? payoutAtHundredths(bet.amount, target) : 0)}
            tone="win"
          />
          <Button
            variant="primary"
            size="lg"
            onClick={play}
            busy={isBusy}
            disabled={isBusy || bet.amount === null || !!bet.problem || target === null}
          >
            {t('limboPlay')}
          </Button>
        </>
      }
    />
  );
}
