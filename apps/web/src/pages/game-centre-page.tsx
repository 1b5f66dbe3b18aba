import type { GameType } from '@sorte/shared';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { GameCentre } from '../features/games/components/game-centre';
import { LobbyAccess } from './lobby-access';

/** The game centres of spec section 2 (vendor cards), by path. */
export const gameCentrePaths: Record<string, GameType> = {
  '/sports': 'SPORTS',
  '/esports': 'ESPORTS',
  '/lott': 'LOTT',
  '/elott': 'ELOTT',
  '/cockfight': 'COCKFIGHT',
};

export default function GameCentrePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const gameType = gameCentrePaths[pathname.toLowerCase()] ?? 'SPORTS';
  return (
    <LobbyAccess>
      <GameCentre key={gameType} gameType={gameType} title={t(`games.types.${gameType}`)} />
    </LobbyAccess>
  );
}
