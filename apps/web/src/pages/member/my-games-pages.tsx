import { MemberGameList } from '../../features/games/components/member-game-list';
import { LobbyAccess } from '../lobby-access';

/**
 * /member/favorite and /member/recent: the member's favourite and recently played games inside the
 * member centre, the same lists (kept per member on the server) as the spec's /favorite and /recent.
 */
export function FavoriteGamesPage() {
  return (
    <LobbyAccess>
      <MemberGameList kind="favorite" />
    </LobbyAccess>
  );
}

export function RecentGamesPage() {
  return (
    <LobbyAccess>
      <MemberGameList kind="recent" />
    </LobbyAccess>
  );
}
