import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { FairnessPanel } from '../components/fairness-panel';
import { HistoryList } from '../components/history-list';
import { Tabs } from '../components/tabs';
import { CrashFairnessPanel } from '../games/crash/crash-fairness-panel';
import { defaultLimits } from '../lib/amount';
import { apiCall, onSessionEnded } from '../lib/api';
import { useI18n } from '../lib/i18n';
import { formatMoney, toMinor } from '../lib/money';
import type { Fairness, GameCode, SessionInfo } from '../lib/types';
import { parentOrigin } from './back-link';
import { BalanceStore } from './balance-store';
import { GameContext, type GameContextValue } from './game-context';
import { FrameInfoContext } from './game-layout';
import { games } from './games';
import { Notice } from './notice';
import { safeReturnUrl } from './return-url';
import { ErrorScreen, LoadingScreen } from './screens';
import { TopBar } from './top-bar';
import { useLaunch } from './use-launch';

/** /studio/play/:gameCode — launch, then the game inside the common frame. */
export function GameFrame({
  gameCode,
  token,
  returnUrl,
}: {
  gameCode: GameCode;
  token: string | null;
  returnUrl: string | null;
}) {
  const { state, retry } = useLaunch(gameCode, token);
  if (state.status === 'loading') return <LoadingScreen game={gameCode} />;
  if (state.status === 'error')
    return (
      <ErrorScreen
        kind={state.reason}
        returnUrl={returnUrl}
        onRetry={state.reason === 'network' || state.reason === 'failed' ? retry : undefined}
      />
    );
  return <ReadyFrame gameCode={gameCode} session={state.session} returnUrl={returnUrl} />;
}

function ReadyFrame({
  gameCode,
  session,
  returnUrl,
}: {
  gameCode: GameCode;
  session: SessionInfo;
  returnUrl: string | null;
}) {
  const { t, locale } = useI18n();
  const [balance] = useState(() => new BalanceStore(session.balance));
  const [fairness, setFairness] = useState<Fairness>(session.fairness);
  const [historyVersion, setHistoryVersion] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const [hasEnded, setEnded] = useState(false);

  useEffect(() => onSessionEnded(() => setEnded(true)), []);

  // The lobby may show its own balance: tell it ours moved (it also hears the platform's socket).
  useEffect(() => {
    if (window.parent === window) return;
    const target = parentOrigin(safeReturnUrl(returnUrl));
    return balance.subscribe(() => {
      window.parent.postMessage(
        { type: 'sorte:balance', balance: balance.value, currency: session.currency },
        target,
      );
    });
  }, [balance, returnUrl, session.currency]);

  // Back from another tab or app: the balance may have moved elsewhere (a deposit, another game).
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      apiCall<{ balance: number }>('/balance')
        .then((answer) => balance.refresh(toMinor(answer.balance)))
        .catch(() => {});
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [balance]);

  const roundPlayed = useCallback((nonceUsed?: number) => {
    if (nonceUsed !== undefined)
      setFairness((current) => ({ ...current, nonce: Math.max(current.nonce, nonceUsed + 1) }));
    setHistoryVersion((n) => n + 1);
  }, []);
  const dismiss = useCallback(() => setError(null), []);

  const context = useMemo<GameContextValue>(
    () => ({
      gameCode,
      playerId: session.playerId,
      currency: session.currency,
      balance,
      limits: session.limits ?? defaultLimits,
      money: (minor) => formatMoney(minor, session.currency, locale),
      fairness,
      setFairness,
      roundPlayed,
      historyVersion,
      reportError: setError,
    }),
    [gameCode, session, balance, locale, fairness, roundPlayed, historyVersion],
  );

  if (hasEnded) return <ErrorScreen kind="ended" returnUrl={returnUrl} />;

  const Game = games[gameCode].component;
  const info = (
    <Tabs
      label={t('roundInfo')}
      tabs={[
        { id: 'history', label: t('history'), content: <HistoryList /> },
        {
          id: 'fairness',
          label: t('fairness'),
          content: games[gameCode].fairness === 'chain' ? <CrashFairnessPanel /> : <FairnessPanel />,
        },
      ]}
    />
  );
  return (
    <GameContext.Provider value={context}>
      <TopBar returnUrl={returnUrl} />
      <FrameInfoContext.Provider value={info}>
        <main>
          <Suspense fallback={<LoadingScreen game={gameCode} />}>
            <Game />
          </Suspense>
        </main>
      </FrameInfoContext.Provider>
      <Notice error={error} onDismiss={dismiss} />
    </GameContext.Provider>
  );
}
