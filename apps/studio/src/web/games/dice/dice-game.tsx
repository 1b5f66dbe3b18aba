import { diceMultiplierBp, diceWinChance } from '@sorte/fair';
import { useState } from 'react';
import { useGame } from '../../app/game-context';
import { GameLayout } from '../../app/game-layout';
import { AmountControls } from '../../components/amount-controls';
import { useBetAmount } from '../../components/bet-amount';
import { Button } from '../../components/button';
import { Readout } from '../../components/field';
import { RecentResults } from '../../components/recent-results';
import { Segmented } from '../../components/segmented';
import { placeBet } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { formatBp, formatChance, payoutAtBp } from '../../lib/money';
import { motionMs, useReducedMotion } from '../../lib/use-reduced-motion';
import { useRoundReveal } from '../../lib/use-round-animation';
import styles from './dice-game.module.css';
import { DiceTrack } from './dice-track';

type Direction = 'over' | 'under';
type DiceAnswer = {
  roundId: string;
  roll: number;
  win: boolean;
  multiplierBp: number;
  payout: number;
  balance: number;
  nonce: number;
};

/** Target limits on the slider: 2.00–98.00, where both directions stay within 2%–98% to win. */
export const DICE_SLIDER_MIN = 200;
export const DICE_SLIDER_MAX = 9800;

/** Dice: roll 0.00–100.00, win when the roll lands over (or under) the target. */
export default function DiceGame() {
  const game = useGame();
  const { t, locale } = useI18n();
  const bet = useBetAmount();
  const reduced = useReducedMotion();
  const reveal = useRoundReveal();
  const [direction, setDirection] = useState<Direction>('over');
  const [target, setTarget] = useState(5050);
  const [isBusy, setBusy] = useState(false);
  const [last, setLast] = useState<{ roll: number; win: boolean; id: string } | null>(null);
  const [recent, setRecent] = useState<{ roll: number; win: boolean; id: string }[]>([]);
  const [isRolling, setRolling] = useState(false);

  const chance = diceWinChance(direction, target);
  const multiplierBp = diceMultiplierBp(chance);
  const payoutOnWin = bet.amount !== null ? payoutAtBp(bet.amount, multiplierBp) : 0;

  // Switching keeps the same odds: the target mirrors round 50.00.
  const switchDirection = (next: Direction) => {
    if (next === direction) return;
    setDirection(next);
    setTarget(10000 - target);
  };

  const roll = async () => {
    if (bet.amount === null || bet.problem) return;
    setBusy(true);
    try {
      const answer = await placeBet<DiceAnswer>('/dice/bet', { amount: bet.amount, direction, target });
      const result = { roll: answer.roll, win: answer.win, id: answer.roundId };
      setLast(result);
      setRolling(true);
      reveal(answer, motionMs(550, reduced), () => {
        setRolling(false);
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
      label={t('boardLabel', { game: t('game.dice') })}
      stage={
        <div className={styles.stage}>
          <RecentResults
            label={t('recentResults')}
            items={recent.map((r) => ({ id: r.id, text: (r.roll / 100).toFixed(2), win: r.win }))}
          />
          <DiceTrack
            direction={direction}
            target={target}
            onTarget={setTarget}
            result={last}
            isRolling={isRolling}
            reduced={reduced}
            disabled={isBusy}
          />
          <div className={styles.stats}>
            <Readout label={t('multiplier')} value={formatBp(multiplierBp, locale)} />
            <Readout
              label={direction === 'over' ? t('diceRollOver') : t('diceRollUnder')}
              value={(target / 100).toFixed(2)}
            />
            <Readout label={t('winChance')} value={formatChance(chance, locale)} />
          </div>
        </div>
      }
      controls={
        <>
          <AmountControls bet={bet} disabled={isBusy} />
          <Segmented
            label={t('diceDirection')}
            value={direction}
            onChange={switchDirection}
            disabled={isBusy}
            options={[
              { value: 'under', label: t('diceRollUnder') },
              { value: 'over', label: t('diceRollOver') },
            ]}
          />
          <Readout label={t('payoutOnWin')} value={game.money(payoutOnWin)} tone="win" />
          <Button
            variant="primary"
            size="lg"
            onClick={roll}
            disabled={isBusy || bet.amount === null || !!bet.problem}
            busy={isBusy}
          >
            {t('diceRoll')}
          </Button>
        </>
      }
    />
  );
}
