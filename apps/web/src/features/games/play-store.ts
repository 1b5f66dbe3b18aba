import type { GameCard, GameType } from '@sorte/shared';
import { useSyncExternalStore } from 'react';

/** Enough of a game to open it: a banner knows only the nodeId; tiles know the whole card. */
export type GameRef = Pick<GameCard, 'nodeId'> & Partial<GameCard>;

/** A vendor whose games a popup lists (a vendor card, or a vendor in a game centre). */
export type VendorRef = { vassalage: string; gameType: GameType; name: string };

/**
 * What the game popups show, one at a time: the running game (iframe), a vendor's list of games,
 * or a message from the server (maintenance, not found…), which suggests other games.
 */
export type PlayState =
  | { kind: 'launching'; game: GameRef }
  | { kind: 'game'; game: GameRef; url: string; vassalage?: string }
  | { kind: 'vendor'; vendor: VendorRef }
  | { kind: 'message'; game: GameRef | null; code: string; message: string }
  | null;

let state: PlayState = null;
const listeners = new Set<() => void>();

export function setPlayState(next: PlayState) {
  state = next;
  for (const listener of listeners) listener();
}

export function getPlayState(): PlayState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A tiny store rather than a context: tiles anywhere (home, lists, popups) open games, and the one
 * host mounted in the player layout shows them.
 */
export function usePlayState(): PlayState {
  return useSyncExternalStore(subscribe, getPlayState, getPlayState);
}
