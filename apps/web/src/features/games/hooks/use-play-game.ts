import type { GameCard, LaunchGameValue } from '@sorte/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/use-api';
import { useGameAccess } from '../game-access';
import { type GameRef, getPlayState, setPlayState } from '../play-store';

/**
 * Opening a game (spec section 4): a vendor card lists that vendor's games; otherwise a guest gets
 * the login popup, a free-play member trying a real-money game gets 'Register an account first'
 * (house games they play with play money), and anyone else gets the game in a popup, or the
 * server's reason why not.
 */
export function usePlayGame() {
  const access = useGameAccess();
  const launch = useLaunchGame();

  return useCallback(
    async (game: GameRef) => {
      if (game.isGame === 'VASSALAGE') {
        const card = game as GameCard;
        setPlayState({
          kind: 'vendor',
          vendor: {
            vassalage: card.vassalage,
            gameType: card.gameType,
            name: card.vendorName || card.displayName,
          },
        });
        return;
      }
      if (!access.isLoggedIn) {
        access.openLogin();
        return;
      }
      await launch(game);
    },
    [access, launch],
  );
}

/**
 * A guest's "Demo" on a house game: opens a free-play account (play money) and then the game, in
 * the same popup; a failure to open the account is shown there like any launch failure.
 */
export function usePlayDemo() {
  const { t } = useTranslation();
  const access = useGameAccess();
  const launch = useLaunchGame();
  return useCallback(
    async (game: GameRef) => {
      setPlayState({ kind: 'launching', game });
      try {
        await access.startDemo();
      } catch (error) {
        setPlayState({
          kind: 'message',
          game,
          code: error instanceof ApiError ? error.code : 'NETWORK_ERROR',
          message: error instanceof Error && error.message ? error.message : t('games.failed'),
        });
        return;
      }
      await launch(game);
    },
    [access, launch, t],
  );
}

/** Asks the server for the game's launch URL and shows it in the popup (or why it did not open). */
function useLaunchGame() {
  const api = useApi();
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const access = useGameAccess();
  return useCallback(
    async (game: GameRef) => {
      setPlayState({ kind: 'launching', game });
      const params = new URLSearchParams({
        game: String(game.nodeId),
        returnUrl: pathname,
        language: i18n.language.toUpperCase(),
      });
      try {
        const value = await api<LaunchGameValue>(`/wps/game/launchGame?${params}`);
        const current = getPlayState();
        // Closed while it was opening: do not pop up again.
        if (current?.kind !== 'launching' || current.game.nodeId !== game.nodeId) return;
        setPlayState({ kind: 'game', game, url: value.url, vassalage: value.vassalage });
      } catch (error) {
        const current = getPlayState();
        if (current?.kind !== 'launching' || current.game.nodeId !== game.nodeId) return;
        if (error instanceof ApiError && error.code === 'TRIAL_NOT_ALLOWED') {
          setPlayState(null);
          access.showTrialPrompt();
          return;
        }
        setPlayState({
          kind: 'message',
          game,
          code: error instanceof ApiError ? error.code : 'NETWORK_ERROR',
          message: error instanceof Error && error.message ? error.message : t('games.failed'),
        });
      }
    },
    [api, access, pathname, i18n.language, t],
  );
}
