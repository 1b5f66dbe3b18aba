import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MemberGameList } from '../features/games/components/member-game-list';
import { useGameAccess } from '../features/games/game-access';
import { LobbyAccess } from './lobby-access';

/** /favorite and /recent: the member's own lists; a guest gets the login popup on arrival. */
export default function MemberGamesPage() {
  const { pathname } = useLocation();
  const kind = pathname.toLowerCase() === '/recent' ? 'recent' : 'favorite';
  return (
    <LobbyAccess>
      <AskLogin />
      <MemberGameList kind={kind} />
    </LobbyAccess>
  );
}

function AskLogin() {
  const { isLoggedIn, openLogin } = useGameAccess();
  const asked = useRef(false);
  useEffect(() => {
    if (isLoggedIn || asked.current) return;
    asked.current = true;
    openLogin();
  }, [isLoggedIn, openLogin]);
  return null;
}
