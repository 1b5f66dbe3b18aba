import { useCallback, useEffect, useState } from 'react';
import { ApiError, apiCall, setApiSession } from '../lib/api';
import { toMinor } from '../lib/money';
import { readJson, remove, storageKeys, writeJson } from '../lib/storage';
import type { Fairness, SessionInfo } from '../lib/types';

export type LaunchState =
  | { status: 'loading' }
  | { status: 'ready'; session: SessionInfo }
  | { status: 'error'; reason: 'expired' | 'missing' | 'network' | 'failed' | 'blocked'; message?: string };

type Stored = { token: string | null; info: SessionInfo };

function normalise(raw: SessionInfo): SessionInfo {
  return { ...raw, balance: toMinor(raw.balance) };
}

/** POST /session with the launch token: single use, so the session it gives is kept for reloads. */
async function exchangeToken(gameCode: string, token: string): Promise<SessionInfo> {
  const info = normalise(
    await apiCall<SessionInfo>('/session', { method: 'POST', body: { token, gameCode } }),
  );
  writeJson(storageKeys.session(gameCode), { token, info } satisfies Stored);
  return info;
}

/** Exchanges in flight in this page, by game and launch token. */
const exchanges = new Map<string, Promise<SessionInfo>>();

/**
 * The launch token's one exchange, shared by every caller in this page while it runs: React runs
 * an effect twice in development (StrictMode), and the second run starts before the first has
 * stored its session, so it would spend the used token again and be refused. The platform keeps
 * the token single use; the page just never asks twice.
 */
function openSession(gameCode: string, token: string): Promise<SessionInfo> {
  const key = `${gameCode}\n${token}`;
  let exchange = exchanges.get(key);
  if (!exchange) {
    exchange = exchangeToken(gameCode, token).finally(() => exchanges.delete(key));
    exchanges.set(key, exchange);
  }
  return exchange;
}

/** A stored session is still good if the server answers for it; fresh balance and seeds come with it. */
async function resumeSession(stored: Stored): Promise<SessionInfo> {
  setApiSession(stored.info.session);
  const [balance, fairness] = await Promise.all([
    apiCall<{ balance: number; currency: string }>('/balance'),
    apiCall<Fairness>('/fairness'),
  ]);
  return { ...stored.info, balance: toMinor(balance.balance), currency: balance.currency, fairness };
}

/**
 * Opens the frame's studio session. The launch token in the URL works once, so a reload inside the
 * lobby's iframe reuses the session kept in sessionStorage for this game; a new token (a new launch,
 * maybe another member) always wins over a stored session.
 */
export function useLaunch(gameCode: string, token: string | null): { state: LaunchState; retry: () => void } {
  const [state, setState] = useState<LaunchState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the launch after "try again"
  useEffect(() => {
    let cancelled = false;
    const settle = (next: LaunchState) => {
      if (!cancelled) setState(next);
    };
    setState({ status: 'loading' });
    (async () => {
      const stored = readJson<Stored>(storageKeys.session(gameCode));
      if (stored?.info?.session && (token === null || stored.token === token)) {
        try {
          return settle({ status: 'ready', session: await resumeSession(stored) });
        } catch (error) {
          if (error instanceof ApiError && error.isNetwork) throw error;
          remove(storageKeys.session(gameCode));
          setApiSession(null);
          // The stored session ended; its launch token was used, so only a new launch helps.
          if (token === null || stored.token === token) return settle({ status: 'error', reason: 'expired' });
        }
      }
      if (!token) return settle({ status: 'error', reason: 'missing' });
      const info = await openSession(gameCode, token);
      setApiSession(info.session);
      settle({ status: 'ready', session: info });
    })().catch((error: unknown) => {
      if (error instanceof ApiError && error.isNetwork) return settle({ status: 'error', reason: 'network' });
      // 401 INVALID_LAUNCH_TOKEN: the link was used or is too old; 503 WALLET_UNAVAILABLE: try again.
      if (error instanceof ApiError && error.code === 'PLAYER_BLOCKED')
        return settle({ status: 'error', reason: 'blocked' });
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        return settle({ status: 'error', reason: 'expired', message: error.message });
      settle({ status: 'error', reason: 'failed', message: (error as Error).message });
    });
    return () => {
      cancelled = true;
    };
  }, [gameCode, token, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
