import { MINES_TILES, minesMultiplierBp } from '@sorte/fair';
import { useCallback, useEffect, useState } from 'react';
import { useGame } from '../../app/game-context';
import { GameLayout } from '../../app/game-layout';
import { AmountControls } from '../../components/amount-controls';
import { useBetAmount } from '../../components/bet-amount';
import { Button } from '../../components/button';
import { ApiError, apiCall, placeBet } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { formatBp, payoutAtBp, toMinor } from '../../lib/money';
import { MinesBoard, tileViews } from './mines-board';
import styles from './mines-game.module.css';

type Round = {
  roundId: string;
  amount: number;
  mines: number;
  revealed: number[];
  multiplierBp: number;
  nextMultiplierBp: number | null;
  nonce?: number;
  status: 'playing' | 'busted' | 'cashed';
  mineTiles: number[] | null;
  hit: number | null;
  payout: number;
};

type StartAnswer = { roundId: string; balance: number; nonce: number };
type RevealAnswer = {
  safe: boolean;
  revealed: number[];
  multiplierBp: number;
  nextMultiplierBp: number | null;
  mines?: number[];
  payout?: number;
  balance?: number;
  /** The round is over: a mine, or every safe tile found (which cashes out by itself). */
  ended?: boolean;
};
type CashoutAnswer = { payout: number; multiplierBp: number; mines: number[]; balance: number };
type OpenRound = {
  roundId: string;
  amount?: number;
  stake?: number;
  mines?: number;
  mineCount?: number;
  revealed?: number[];
  multiplierBp?: number;
  nextMultiplierBp?: number | null;
  nonce?: number;
};

/** The multiplier the next safe pick would pay, worked out locally when the server has not said. */
export function nextMultiplier(mines: number, safePicks: number): number | null {
  return safePicks + 1 <= MINES_TILES - mines ? minesMultiplierBp(mines, safePicks + 1) : null;
}

const mineChoices = Array.from({ length: 24 }, (_, i) => i + 1);

/** Mines: a 5×5 board hides 1–24 mines; every gem found raises the multiplier; cash out any time. */
export default function MinesGame() {
  const game = useGame();
  const { t, locale } = useI18n();
  const bet = useBetAmount();
  const [mines, setMines] = useState(3);
  const [round, setRound] = useState<Round | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [pending, setPending] = useState<number | null>(null);
  const [isResumed, setResumed] = useState(false);

  // A round left open (a reload, a dropped connection) comes back where it was.
  const restoreOpen = useCallback(() => {
    apiCall<OpenRound | null>('/mines/open')
      .then((open) => {
        if (!open?.roundId) return;
        const count = open.mines ?? open.mineCount ?? 3;
        const revealed = open.revealed ?? [];
        setMines(count);
        setResumed(true);
        setRound({
          roundId: open.roundId,
          amount: toMinor(open.amount ?? open.stake),
          mines: count,
          revealed,
          multiplierBp:
            open.multiplierBp ?? (revealed.length ? minesMultiplierBp(count, revealed.length) : 10_000),
          nextMultiplierBp: open.nextMultiplierBp ?? nextMultiplier(count, revealed.length),
          nonce: open.nonce,
          status: 'playing',
          mineTiles: null,
          hit: null,
          payout: 0,
        });
      })
      .catch(() => {});
  }, []);
  useEffect(restoreOpen, [restoreOpen]);

  const isPlaying = round?.status === 'playing';

  const start = async () => {
    if (bet.amount === null || bet.problem) return;
    setBusy(true);
    setResumed(false);
    try {
      const answer = await placeBet<StartAnswer>('/mines/start', { amount: bet.amount, mines });
      game.balance.apply(toMinor(answer.balance));
      setRound({
        roundId: answer.roundId,
        amount: bet.amount,
        mines,
        revealed: [],
        multiplierBp: 10_000,
        nextMultiplierBp: nextMultiplier(mines, 0),
        nonce: answer.nonce,
        status: 'playing',
        mineTiles: null,
        hit: null,
        payout: 0,
      });
    } catch (error) {
      game.reportError(error);
      if (error instanceof ApiError && error.code === 'MINES_ROUND_OPEN') restoreOpen();
    } finally {
      setBusy(false);
    }
  };

  const pick = async (tile: number) => {
    if (round?.status !== 'playing' || pending !== null) return;
    setPending(tile);
    try {
      const answer = await apiCall<RevealAnswer>('/mines/reveal', {
        method: 'POST',
        body: { roundId: round.roundId, tile },
      });
      const isOver = answer.ended ?? (!answer.safe || Array.isArray(answer.mines));
      if (answer.balance !== undefined) game.balance.apply(toMinor(answer.balance));
      setRound({
        ...round,
        revealed: answer.revealed ?? [...round.revealed, tile],
        multiplierBp: answer.multiplierBp,
        nextMultiplierBp: answer.nextMultiplierBp ?? null,
        status: !answer.safe ? 'busted' : isOver ? 'cashed' : 'playing',
        mineTiles: answer.mines ?? null,
        hit: answer.safe ? null : tile,
        payout: toMinor(answer.payout),
      });
      if (isOver) game.roundPlayed(round.nonce);
    } catch (error) {
      game.reportError(error);
    } finally {
      setPending(null);
    }
  };

  const cashOut = async () => {
    if (round?.status !== 'playing') return;
    setBusy(true);
    try {
      const answer = await apiCall<CashoutAnswer>('/mines/cashout', {
        method: 'POST',
        body: { roundId: round.roundId },
      });
      game.balance.apply(toMinor(answer.balance));
      setRound({
        ...round,
        status: 'cashed',
        multiplierBp: answer.multiplierBp,
        mineTiles: answer.mines,
        payout: toMinor(answer.payout),
      });
      game.roundPlayed(round.nonce);
    } catch (error) {
      game.reportError(error);
      if (error instanceof ApiError && error.code === 'MINES_ROUND_OPEN') restoreOpen();
    } finally {
      setBusy(false);
    }
  };

  const pickRandom = () => {
    if (!round) return;
    const taken = new Set(round.revealed);
    const free = Array.from({ length: MINES_TILES }, (_, i) => i).filter((i) => !taken.has(i));
    const bytes = new Uint32Array(1);
    crypto.getRandomValues(bytes);
    const tile = free[(bytes[0] as number) % free.length];
    if (tile !== undefined) void pick(tile);
  };

  const views = tileViews(round?.revealed ?? [], round?.mineTiles ?? null, round?.hit ?? null);
  const gemsLeft = MINES_TILES - (round?.mines ?? mines) - (round?.revealed.length ?? 0);
  const canCashOut = isPlaying && (round?.revealed.length ?? 0) > 0;
  const currentPayout = round ? payoutAtBp(round.amount, round.multiplierBp) : 0;

  return (
    <GameLayout
      label={t('boardLabel', { game: t('game.mines') })}
      stage={
        <div className={styles.stage}>
          <div className={styles.stats}>
            <span className={styles.stat}>
              <span className={styles.statLabel}>{t('multiplier')}</span>
              <strong className="tabular">{formatBp(round?.multiplierBp ?? 10_000, locale)}</strong>
            </span>
            <span className={styles.stat}>
              <span className={styles.statLabel}>{t('minesCount')}</span>
              <strong className={`${styles.mineCount} tabular`}>{round?.mines ?? mines}</strong>
            </span>
            <span className={styles.stat}>
              <span className={styles.statLabel}>{t('minesGems')}</span>
              <strong className={`${styles.gemCount} tabular`}>{gemsLeft}</strong>
            </span>
          </div>
          <MinesBoard views={views} canPick={isPlaying && !isBusy} pending={pending} onPick={pick} />
          <div className={styles.message} aria-live="polite">
            {round?.status === 'busted' ? (
              <span className={styles.lose}>{t('minesBoom')}</span>
            ) : round?.status === 'cashed' ? (
              <span className={styles.win}>
                {t('minesWon', {
                  amount: game.money(round.payout),
                  multiplier: formatBp(round.multiplierBp, locale),
                })}
              </span>
            ) : isPlaying ? (
              <span>
                {isResumed ? `${t('minesResumed')} ` : ''}
                {round?.nextMultiplierBp
                  ? t('minesNext', { multiplier: formatBp(round.nextMultiplierBp, locale) })
                  : ''}
              </span>
            ) : (
              <span>{t('minesPickTile')}</span>
            )}
          </div>
        </div>
      }
      controls={
        <>
          <AmountControls bet={bet} disabled={isPlaying || isBusy} />
          <label className={styles.select}>
            <span>{t('minesCount')}</span>
            <select
              value={mines}
              disabled={isPlaying || isBusy}
              onChange={(event) => setMines(Number(event.target.value))}
            >
              {mineChoices.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          {isPlaying ? (
            <>
              <Button
                variant="success"
                size="lg"
                onClick={cashOut}
                disabled={!canCashOut || isBusy || pending !== null}
                busy={isBusy}
              >
                <span className={styles.cashout}>
                  <span>{t('minesCashOut')}</span>
                  <span className="tabular">{game.money(currentPayout)}</span>
                </span>
              </Button>
              <Button variant="secondary" onClick={pickRandom} disabled={pending !== null || isBusy}>
                {t('minesRandom')}
              </Button>
            </>
          ) : (
            <Button
              variant="primary"
              size="lg"
              onClick={start}
              busy={isBusy}
              disabled={isBusy || bet.amount === null || !!bet.problem}
            >
              {t('minesStart')}
            </Button>
          )}
        </>
      }
    />
  );
}
