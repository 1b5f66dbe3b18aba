import type { GameType } from '@sorte/shared';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { GameListCentre } from '../features/games/components/game-list-centre';
import { LobbyAccess } from './lobby-access';

/** The game list centres of spec section 2, by path. */
export const gameListPaths: Record<string, GameType> = {
  '/live': 'LIVE',
  '/fish': 'FISH',
  '/rng': 'RNG',
  '/pvp': 'PVP',
  '/crash': 'CRASH',
  '/bonus': 'BONUS',
};

/** Spec section 2: the bonus games (BGS) open as RNG with vassalage WW. */
export const BONUS_ALIAS = 'WW';

/**
 * Which list a game list address shows: its path's type and vendor tab; /rng?vassalage=WW is the
 * bonus games.
 */
export function listOf(pathname: string, vassalage: string): { gameType: GameType; vassalage: string } {
  const gameType = gameListPaths[pathname.toLowerCase()] ?? 'RNG';
  if (vassalage.toUpperCase() === BONUS_ALIAS) return { gameType: 'BONUS', vassalage: '' };
  return { gameType, vassalage: vassalage.toUpperCase() };
}

export default function GameListPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const { gameType, vassalage } = listOf(pathname, params.get('vassalage') ?? '');
  return (
    <LobbyAccess>
      <GameListCentre
        key={gameType}
        gameType={gameType}
        title={t(`games.types.${gameType}`)}
        vassalage={vassalage}
        onVassalageChange={(next) => {
          const updated = new URLSearchParams(params);
          if (next) updated.set('vassalage', next);
          else updated.delete('vassalage');
          setParams(updated, { replace: true, preventScrollReset: true });
        }}
      />
    </LobbyAccess>
  );
}
