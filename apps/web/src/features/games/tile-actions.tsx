import type { GameCard } from '@sorte/shared';
import type { TFunction } from 'i18next';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FavoriteGame } from './favorite-toggle';
import { useGameAccess } from './game-access';
import { useFavorites } from './hooks/use-favorites';
import { usePlayDemo, usePlayGame } from './hooks/use-play-game';

/** What every game tile of a page does, worked out once for all of them. */
export type TileActions = {
  t: TFunction;
  play: (card: GameCard) => Promise<void>;
  playDemo: (card: GameCard) => Promise<void>;
  canPlayDemo: boolean;
  isFavorite: (nodeId: number) => boolean;
  toggleFavorite: (game: FavoriteGame) => Promise<unknown>;
};

const TileActionsContext = createContext<TileActions | null>(null);

/**
 * One set of tile actions for a page. Each tile asked for them itself before: about twenty hooks
 * and a favourites query observer per tile, times the sixty-odd tiles of the home page, in the
 * lobby's first render on a slow phone (Lighthouse's Total Blocking Time).
 */
export function TileActionsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const play = usePlayGame();
  const playDemo = usePlayDemo();
  const { canPlayDemo } = useGameAccess();
  const favorites = useFavorites();
  const value = useMemo<TileActions>(
    () => ({
      t,
      play,
      playDemo,
      canPlayDemo,
      isFavorite: favorites.isFavorite,
      toggleFavorite: favorites.toggle,
    }),
    [t, play, playDemo, canPlayDemo, favorites.isFavorite, favorites.toggle],
  );
  return <TileActionsContext.Provider value={value}>{children}</TileActionsContext.Provider>;
}

/** The page's tile actions, or null outside a TileActionsProvider. */
export function useTileActions(): TileActions | null {
  return useContext(TileActionsContext);
}
