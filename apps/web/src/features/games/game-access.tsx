import { createContext, useContext } from 'react';

/**
 * What the games feature needs to know about the visitor, and the two popups it may open. Pages
 * provide it from the session and sign-in features (features do not import each other).
 */
export type GameAccess = {
  isLoggedIn: boolean;
  /** The member's token: member lists (favourites, recent) are cached per session. */
  token: string | null;
  openLogin: () => void;
  /** Shows 'Register an account first' to a free-play member (a trial account tried a real-money game). */
  showTrialPrompt: () => void;
  /** A guest may try the house games with play money (the merchant offers free play). */
  canPlayDemo: boolean;
  /** Opens a free-play account for the guest and signs it in (its balance is play money). */
  startDemo: () => Promise<void>;
};

const guest: GameAccess = {
  isLoggedIn: false,
  token: null,
  openLogin: () => {},
  showTrialPrompt: () => {},
  canPlayDemo: false,
  startDemo: async () => {},
};

export const GameAccessContext = createContext<GameAccess>(guest);

export function useGameAccess(): GameAccess {
  return useContext(GameAccessContext);
}
