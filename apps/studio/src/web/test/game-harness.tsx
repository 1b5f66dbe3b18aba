import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BalanceStore } from '../app/balance-store';
import { GameContext, type GameContextValue } from '../app/game-context';
import { defaultLimits } from '../lib/amount';
import { I18nProvider, type Lang } from '../lib/i18n';
import { formatMoney } from '../lib/money';
import type { GameCode } from '../lib/types';

/** Renders frame pieces inside a game context, as the frame does after a launch. */
export function renderInGame(
  ui: ReactNode,
  { balance = 10_000, game = 'dice', lang = 'en' }: { balance?: number; game?: GameCode; lang?: Lang } = {},
) {
  const store = new BalanceStore(balance);
  const errors: unknown[] = [];
  const rounds: (number | undefined)[] = [];
  const value: GameContextValue = {
    gameCode: game,
    playerId: 'p1',
    currency: 'BRL',
    balance: store,
    limits: defaultLimits,
    money: (minor) => formatMoney(minor, 'BRL'),
    fairness: { serverSeedHash: 'a'.repeat(64), clientSeed: 'seed', nonce: 0 },
    setFairness: () => {},
    roundPlayed: (nonce) => rounds.push(nonce),
    historyVersion: 0,
    reportError: (error) => errors.push(error),
  };
  const view = render(
    <I18nProvider lang={lang}>
      <GameContext.Provider value={value}>{ui}</GameContext.Provider>
    </I18nProvider>,
  );
  return { ...view, store, errors, rounds };
}

/** A fetch stub answering JSON by path, recording what was asked. */
export function stubFetch(routes: Record<string, unknown>) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const key = Object.keys(routes).find((path) => url.includes(path));
    if (!key)
      return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: url } }), { status: 404 });
    return new Response(JSON.stringify(routes[key]), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  globalThis.fetch = fetchStub as typeof fetch;
  return calls;
}
