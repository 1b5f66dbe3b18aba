import { type ReactNode, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useGame } from '../../app/game-context';
import { GameLayout } from '../../app/game-layout';
import { AmountControls } from '../../components/amount-controls';
import { useBetAmount } from '../../components/bet-amount';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { Segmented } from '../../components/segmented';
import { ApiError, apiCall, endSession, getApiSession } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { formatHundredths, payoutAtHundredths } from '../../lib/money';
import { useFetch } from '../../lib/use-fetch';
import { CrashChart } from './crash-chart';
import styles from './crash-game.module.css';
import { CrashStore } from './crash-store';
import { HistoryChips } from './history-chips';
import { PlayersList } from './players-list';
import { useLiveHundredths } from './use-live-hundredths';

/** Auto cash-out target typed as "2.00" → 200 hundredths; 1.01× up to 1,000,000×. */
export function parseAutoCashout(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return value >= 101 && value <= 100_000_000 ? value : null;
}

/** Crash: everybody rides one curve; cash out before it crashes. Real time over the studio socket. */
export default function CrashGame() {
  const game = useGame();
  const { t, locale } = useI18n();
  const bet = useBetAmount();
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const [autoText, setAutoText] = useState('2.00');
  const [store] = useState(
    () =>
      new CrashStore(getApiSession(), {
        balance: (balance) => game.balance.apply(balance),
        error: (code, message) => game.reportError(new ApiError(400, code, message)),
        roundOver: () => game.roundPlayed(),
        sessionEnded: () => endSession(new ApiError(401, 'SESSION_EXPIRED', 'session ended')),
      }),
  );
  useEffect(() => {
    store.connect();
    return () => store.close();
  }, [store]);
  const state = useSyncExternalStore(store.subscribe, store.getState);

  // Hashes of past games for the chips' verify links (the socket's history has crash points only).
  const chain = useFetch(
    (signal) => apiCall<{ gameId: string | number; hash: string }[]>('/history', { area: 'crash', signal }),
    [state.history[0]?.gameId],
  );
  const hashes = useMemo(
    () => new Map((chain.data ?? []).map((round) => [String(round.gameId), round.hash])),
    [chain.data],
  );

  const myBet = state.myBet;
  const isRiding = state.phase === 'running' && (myBet?.status === 'accepted' || myBet?.status === 'cashing');
  const live = useLiveHundredths(store, isRiding);
  const autoCashout = mode === 'auto' ? parseAutoCashout(autoText) : null;
  const autoProblem = mode === 'auto' && autoCashout === null ? t('crashAutoInvalid') : null;

  let action: ReactNode;
  if (isRiding && myBet) {
    action = (
      <Button
        variant="success"
        size="lg"
        onClick={() => store.cashOut()}
        busy={myBet.status === 'cashing'}
        disabled={myBet.status === 'cashing'}
      >
        <span className={styles.cashout}>
          <span>{t('crashCashOut')}</span>
          <span className="tabular">{game.money(payoutAtHundredths(myBet.amount, live))}</span>
        </span>
      </Button>
    );
  } else if (
    myBet &&
    (myBet.status === 'pending' || (myBet.status === 'accepted' && state.phase === 'betting'))
  ) {
    action = (
      <Button variant="secondary" size="lg" disabled busy={myBet.status === 'pending'}>
        {myBet.status === 'pending'
          ? t('crashPlacing')
          : t('crashBetPlaced', { amount: game.money(myBet.amount) })}
      </Button>
    );
  } else if (state.queued) {
    action = (
      <Button variant="secondary" size="lg" onClick={() => store.cancelQueued()}>
        <span className={styles.cashout}>
          <span>{t('crashQueued')}</span>
          <span className={styles.small}>{t('crashCancel')}</span>
        </span>
      </Button>
    );
  } else {
    const canBet = bet.amount !== null && !bet.problem && !autoProblem && state.connection === 'open';
    action = (
      <Button
        variant="primary"
        size="lg"
        disabled={!canBet}
        onClick={() => bet.amount !== null && store.bet(bet.amount, autoCashout)}
      >
        {state.phase === 'betting' || state.phase === 'connecting' ? t('crashBet') : t('crashBetNext')}
      </Button>
    );
  }

  // How the player's last bet ended, above the button that places the next one.
  const outcome =
    myBet?.status === 'cashed' ? (
      <p className={styles.cashed} role="status">
        {t('crashCashedOut', {
          at: formatHundredths(myBet.cashedOutAt ?? 100, locale),
          amount: game.money(myBet.payout ?? 0),
        })}
      </p>
    ) : myBet?.status === 'lost' && state.phase === 'crashed' ? (
      <p className={styles.lost} role="status">
        {t('crashLost', { amount: game.money(myBet.amount) })}
      </p>
    ) : null;

  return (
    <GameLayout
      label={t('boardLabel', { game: t('game.crash') })}
      stage={
        <>
          {state.connection === 'reconnecting' ? (
            <p className={styles.reconnecting} role="status">
              {t('reconnecting')}
            </p>
          ) : null}
          <HistoryChips rounds={state.history} hashes={hashes} />
          <CrashChart store={store} state={state} />
        </>
      }
      controls={
        <>
          <Segmented
            label={t('crashCashoutMode')}
            value={mode}
            onChange={setMode}
            disabled={!!myBet && myBet.status !== 'lost' && myBet.status !== 'cashed'}
            options={[
              { value: 'manual', label: t('crashManual') },
              { value: 'auto', label: t('crashAuto') },
            ]}
          />
          <AmountControls
            bet={bet}
            disabled={!!myBet && myBet.status !== 'lost' && myBet.status !== 'cashed'}
          />
          {mode === 'auto' ? (
            <Field
              label={t('crashAutoCashout')}
              suffix="×"
              inputMode="decimal"
              value={autoText}
              problem={autoProblem}
              hint={t('crashAutoHint')}
              onChange={(event) => setAutoText(event.target.value)}
            />
          ) : null}
          {outcome}
          {action}
        </>
      }
      side={<PlayersList players={state.players} queuedForNextRound={Boolean(state.queued)} />}
    />
  );
}
