import type { GameType, LedgerCurrency, MessageLanguage } from '@sorte/shared';

/** Who is launching: enough for a vendor to open a session, nothing secret. */
export type LaunchMember = {
  id: string;
  username: string;
  merchantCode: string;
  /** The merchant's currency; play money (FUN) for a free-play member at a vendor that offers it. */
  currency: LedgerCurrency;
  isTrial: boolean;
};

export type LaunchGame = {
  nodeId: number;
  vassalage: string;
  gameType: GameType;
  gameCode: string;
  gameName: string;
};

export type GameLaunchRequest = {
  member: LaunchMember;
  game: LaunchGame;
  /** The language the player reads, e.g. 'PT' (EN when the site has no catalogue for it). */
  language: MessageLanguage;
  /** A path on this site for the game's back button, e.g. '/rng'. */
  returnUrl: string;
};

/**
 * Opens a game at one vendor and answers the URL the game frame loads (absolute http(s), or a path
 * on this site). A vendor that cannot open games right now throws; the player is told the game is
 * in maintenance.
 */
export type GameLauncher = {
  launch(request: GameLaunchRequest): Promise<string>;
  /**
   * The vendor plays with play money (the FUN currency of the seamless wallet) for free-play
   * members; without it, free-play members may not open its games (they are real money only).
   */
  offersPlayMoney?: boolean;
};

/**
 * Launchers by vendor code. A vendor without one is listed but cannot be played (503
 * GAME_MAINTENANCE); the in-house studio and each third-party adapter register theirs here.
 */
export class GameLauncherRegistry {
  private readonly launchers = new Map<string, GameLauncher>();

  /** Registers the vendor's launcher; answers a function that removes it again. */
  register(vassalage: string, launcher: GameLauncher): () => void {
    const code = vassalage.toUpperCase();
    if (this.launchers.has(code)) throw new Error(`a launcher for vendor ${code} is already registered`);
    this.launchers.set(code, launcher);
    return () => {
      if (this.launchers.get(code) === launcher) this.launchers.delete(code);
    };
  }

  get(vassalage: string): GameLauncher | undefined {
    return this.launchers.get(vassalage.toUpperCase());
  }

  /** Whether free-play members may open this vendor's games (with play money). */
  offersPlayMoney(vassalage: string): boolean {
    return this.get(vassalage)?.offersPlayMoney === true;
  }
}
