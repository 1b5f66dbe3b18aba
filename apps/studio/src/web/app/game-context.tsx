import { createContext, useContext } from 'react';
import type { BetLimits } from '../lib/amount';
import type { Fairness, GameCode } from '../lib/types';
import type { BalanceStore } from './balance-store';

/** What every game gets from its frame: the money, the seeds and how to report a finished round. */
export type GameContextValue = {
  gameCode: GameCode;
  playerId: string;
  currency: string;
  balance: BalanceStore;
  limits: BetLimits;
  /** "R$ 1,234.56" in the frame's currency and language. */
  money: (minor: number | bigint) => string;
  fairness: Fairness;
  setFairness: (next: Fairness) => void;
  /** A round is over on screen: move the nonce past the one it used and refresh the history. */
  roundPlayed: (nonceUsed?: number) => void;
  historyVersion: number;
  /** Shows a failed call's reason in the frame's notice area. */
  reportError: (error: unknown) => void;
};

export const GameContext = createContext<GameContextValue | null>(null);

export function useGame(): GameContextValue {
  const value = useContext(GameContext);
  if (!value) throw new Error('useGame needs the game frame around it');
  return value;
}
