import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { GameCode } from '../lib/types';

type GameEntry = {
  component: LazyExoticComponent<ComponentType>;
  /** Per-player seeds (every game but crash) or the shared crash hash chain. */
  fairness: 'seeds' | 'chain';
};

// Each game is its own chunk: a phone on a slow network downloads only the game it opened.
export const games: Readonly<Record<GameCode, GameEntry>> = {
  crash: { component: lazy(() => import('../games/crash/crash-game')), fairness: 'chain' },
  dice: { component: lazy(() => import('../games/dice/dice-game')), fairness: 'seeds' },
  limbo: { component: lazy(() => import('../games/limbo/limbo-game')), fairness: 'seeds' },
  mines: { component: lazy(() => import('../games/mines/mines-game')), fairness: 'seeds' },
  plinko: { component: lazy(() => import('../games/plinko/plinko-game')), fairness: 'seeds' },
  'fortune-reels': { component: lazy(() => import('../games/slots/fortune-reels-game')), fairness: 'seeds' },
  'lucky-sevens': { component: lazy(() => import('../games/slots/lucky-sevens-game')), fairness: 'seeds' },
};
