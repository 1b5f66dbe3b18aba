import fp from 'fastify-plugin';
import { GameLauncherRegistry } from './game-launcher';
import { GamesRepository } from './games.repository';
import { gamesRoutes } from './games.routes';
import { GamesService } from './games.service';

declare module 'fastify' {
  interface FastifyInstance {
    games: GamesService;
    /** Vendors register how their games open here (the in-house studio, third-party adapters). */
    gameLaunchers: GameLauncherRegistry;
  }
}

/** The games catalogue: menu, lists, lanes, winners, favourites, recent games and launching. */
export const gamesModule = fp(
  async (app) => {
    const launchers = new GameLauncherRegistry();
    const games = new GamesService(new GamesRepository(app.db), launchers, app.log);
    app.decorate('games', games);
    app.decorate('gameLaunchers', launchers);
    await app.register(gamesRoutes, { games });
  },
  { name: 'games', dependencies: ['auth'] },
);
