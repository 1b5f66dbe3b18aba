import { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, type PlinkoRisk } from '@sorte/fair';
import { useCallback, useRef, useState } from 'react';
import { useGame } from '../../app/game-context';
import { GameLayout } from '../../app/game-layout';
import { AmountControls } from '../../components/amount-controls';
import { useBetAmount } from '../../components/bet-amount';
import { Button } from '../../components/button';
import { RecentResults } from '../../components/recent-results';
import { Segmented } from '../../components/segmented';
import { placeBet } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { formatBp, toMinor } from '../../lib/money';
import { useReducedMotion } from '../../lib/use-reduced-motion';
import { type Ball, PlinkoBoard } from './plinko-board';
import styles from './plinko-game.module.css';

type PlinkoAnswer = {
  roundId: string;
  path: number[];
  bucket: number;
  multiplierBp: number;
  payout: number;
  balance: number;
  nonce: number;
};

type Landed = { id: string; multiplierBp: number; win: boolean; payout: number };

const rowChoices = Array.from(
  { length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 },
  (_, i) => PLINKO_MIN_ROWS + i,
);

/** Plinko: drop balls through 8–16 rows of pegs into buckets paying by how far they strayed. */
export default function PlinkoGame() {
  const game = useGame();
  const { t, locale } = useI18n();
  const bet = useBetAmount();
  const reduced = useReducedMotion();
  const [rows, setRows] = useState(12);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [balls, setBalls] = useState<Ball[]>([]);
  const [hits, setHits] = useState<Map<number, number>>(new Map());
  const [recent, setRecent] = useState<Landed[]>([]);
  const [isSending, setSending] = useState(false);
  // What each ball in flight still owes the screen: its balance release and round bookkeeping.
  const inFlight = useRef(new Map<string, { release: () => void; nonce: number; landed: Landed }>());

  const drop = async () => {
    if (bet.amount === null || bet.problem) return;
    setSending(true);
    try {
      const answer = await placeBet<PlinkoAnswer>('/plinko/bet', { amount: bet.amount, rows, risk });
      const release = game.balance.apply(toMinor(answer.balance), toMinor(answer.payout));
      const landed = {
        id: answer.roundId,
        multiplierBp: answer.multiplierBp,
        win: answer.multiplierBp >= 10_000,
        payout: toMinor(answer.payout),
      };
      inFlight.current.set(answer.roundId, { release, nonce: answer.nonce, landed });
      setBalls((list) => [...list, { id: answer.roundId, path: answer.path, bucket: answer.bucket }]);
    } catch (error) {
      game.reportError(error);
    } finally {
      setSending(false);
    }
  };

  const onLanded = useCallback(
    (ball: Ball) => {
      const flight = inFlight.current.get(ball.id);
      inFlight.current.delete(ball.id);
      setBalls((list) => list.filter((b) => b.id !== ball.id));
      setHits((current) => new Map(current).set(ball.bucket, (current.get(ball.bucket) ?? 0) + 1));
      if (flight) {
        flight.release();
        game.roundPlayed(flight.nonce);
        setRecent((list) => [flight.landed, ...list].slice(0, 8));
      }
    },
    [game],
  );

  const isDropping = balls.length > 0;
  return (
    <GameLayout
      label={t('boardLabel', { game: t('game.plinko') })}
      stage={
        <div className={styles.stage}>
          <RecentResults
            label={t('recentResults')}
            items={recent.map((r) => ({ id: r.id, text: formatBp(r.multiplierBp, locale), win: r.win }))}
          />
          <PlinkoBoard
            rows={rows}
            risk={risk}
            balls={balls}
            hits={hits}
            msPerRow={reduced ? 12 : 95}
            onLanded={onLanded}
          />
          <p className="visually-hidden" aria-live="polite">
            {recent[0]
              ? t('plinkoLanded', {
                  multiplier: formatBp(recent[0].multiplierBp, locale),
                  amount: game.money(recent[0].payout),
                })
              : ''}
          </p>
        </div>
      }
      controls={
        <>
          <AmountControls bet={bet} disabled={isSending} />
          <Segmented
            label={t('plinkoRisk')}
            value={risk}
            onChange={setRisk}
            disabled={isDropping}
            options={[
              { value: 'low', label: t('riskLow'), tone: 'low' },
              { value: 'medium', label: t('riskMedium'), tone: 'medium' },
              { value: 'high', label: t('riskHigh'), tone: 'high' },
            ]}
          />
          <label className={styles.select}>
            <span>{t('plinkoRows')}</span>
            <select
              value={rows}
              disabled={isDropping}
              onChange={(event) => setRows(Number(event.target.value))}
            >
              {rowChoices.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <Button
            variant="primary"
            size="lg"
            onClick={drop}
            busy={isSending}
            disabled={isSending || bet.amount === null || !!bet.problem}
          >
            {t('plinkoDrop')}
          </Button>
        </>
      }
    />
  );
}
