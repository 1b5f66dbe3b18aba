import { useEffect } from 'react';
import { PopupAnnouncements } from '../features/announcements/components/popup-announcements';
import { GamePopups } from '../features/games/components/game-popups';
import { getPlayState, setPlayState } from '../features/games/play-store';
import { useSession } from '../features/session/hooks/use-session';
import { readStored, storageKeys } from '../lib/storage-keys';
import { LobbyAccess } from './lobby-access';

/**
 * The lobby's popups, mounted once in the player layout: the game popups (game frame, a vendor's
 * games, the reason a game did not open) and the popup announcements by audience.
 */
export function LobbyPopupHost() {
  const { isLoggedIn } = useSession();
  const isFirstLogin = readStored(sessionStorage, storageKeys.firstTimeLogin) === '1';

  useEffect(() => {
    // Signed out (here or by a 401): a running game has no session any more.
    const state = getPlayState();
    if (!isLoggedIn && (state?.kind === 'game' || state?.kind === 'launching')) setPlayState(null);
  }, [isLoggedIn]);

  return (
    <LobbyAccess>
      <GamePopups />
      <PopupAnnouncements isLoggedIn={isLoggedIn} isFirstLogin={isFirstLogin} />
    </LobbyAccess>
  );
}
