import { type ReactNode, useCallback, useMemo } from 'react';
import { useWhitelabel } from '../features/auth/api/settings';
import type { LoginValue } from '../features/auth/api/types';
import { useAuthDialogs } from '../features/auth/auth-dialogs-context';
import { type GameAccess, GameAccessContext } from '../features/games/game-access';
import { TileActionsProvider } from '../features/games/tile-actions';
import { useRequireRealAccount } from '../features/session/components/trial-prompt';
import { useSession } from '../features/session/hooks/use-session';
import { useApi } from '../lib/use-api';

/**
 * Gives the games feature what it needs from the session and sign-in features: who is signed in,
 * the login popup and the free-play prompt, and one set of game-tile actions for the whole page.
 * Pages compose features; features do not import each other.
 */
export function LobbyAccess({ children }: { children: ReactNode }) {
  const { isLoggedIn, token } = useSession();
  const { openLogin, completeLogin } = useAuthDialogs();
  const requireRealAccount = useRequireRealAccount();
  const api = useApi();
  const freePlayOffered = Boolean(useWhitelabel().data?.FREEPLAY);
  // A guest's "Demo" on a house game: a free-play account (play money on its own ledger currency,
  // nothing real to win or lose), signed in like the login popup's "Try free play" does. No second
  // play mode in the studio: the game runs exactly as for anyone, with play money.
  const startDemo = useCallback(async () => {
    const value = await api<LoginValue>('/wps/session/login/freeplay', {
      method: 'POST',
      body: { platform: 'W' },
    });
    completeLogin(value, { type: 'username', from: 'member' });
  }, [api, completeLogin]);
  const value = useMemo<GameAccess>(
    () => ({
      isLoggedIn,
      token,
      openLogin,
      showTrialPrompt: () => {
        requireRealAccount();
      },
      canPlayDemo: !isLoggedIn && freePlayOffered,
      startDemo,
    }),
    [isLoggedIn, token, openLogin, requireRealAccount, freePlayOffered, startDemo],
  );
  return (
    <GameAccessContext.Provider value={value}>
      <TileActionsProvider>{children}</TileActionsProvider>
    </GameAccessContext.Provider>
  );
}
