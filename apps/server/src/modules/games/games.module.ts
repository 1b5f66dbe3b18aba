import fp from 'fastify-plugin';
import { GameLauncherRegistry } from './game-launcher';
import { GamesRepository } from './games.repository';
import { gamesRoutes } from './games.routes';
import { GamesService } from './games.service';
import { GamesOpsRepository } from './games-ops.repository';
import { gamesOpsRoutes } from './games-ops.routes';
import { GamesOpsService } from './games-ops.service';

declare module 'fastify' {
  interface FastifyInstance {
    games: GamesService;
    /** Vendors register how their games open here (the in-house studio, third-party adapters). */
    gameLaunchers: GameLauncherRegistry;
  }
}

/**
 * The games catalogue: menu, lists, lanes, winners, favourites, recent games and launching; and the
 * console's games and vendors (per-merchant switches and order, vendors, the menu).
 */
export const gamesModule = fp(
  async (app) => {
    const launchers = new GameLauncherRegistry();
    const games = new GamesService(new GamesRepository(app.db), launchers, app.log);
    app.decorate('games', games);
    app.decorate('gameLaunchers', launchers);
    await app.register(gamesRoutes, { games });
    // The console's side: every change drops the lobby's cached answers on this instance (the others
    // follow within LOBBY_CACHE_MS).
    const ops = new GamesOpsService(new GamesOpsRepository(app.db), () => games.clearLobbyCache());
    await app.register(gamesOpsRoutes, { ops });
  },
  { name: 'games', dependencies: ['auth'] },
);
