import { type ReactNode, useMemo } from 'react';
import { useAuthDialogs } from '../features/auth/auth-dialogs-context';
import { type GameAccess, GameAccessContext } from '../features/games/game-access';
import { useRequireRealAccount } from '../features/session/components/trial-prompt';
import { useSession } from '../features/session/hooks/use-session';

/**
 * Gives the games feature what it needs from the session and sign-in features: who is signed in,
 * the login popup and the free-play prompt. Pages compose features; features do not import each other.
 */
export function LobbyAccess({ children }: { children: ReactNode }) {
  const { isLoggedIn, token } = useSession();
  const { openLogin } = useAuthDialogs();
  const requireRealAccount = useRequireRealAccount();
  const value = useMemo<GameAccess>(
    () => ({
      isLoggedIn,
      token,
      openLogin,
      showTrialPrompt: () => {
        requireRealAccount();
      },
    }),
    [isLoggedIn, token, openLogin, requireRealAccount],
  );
  return <GameAccessContext.Provider value={value}>{children}</GameAccessContext.Provider>;
}
