import fp from 'fastify-plugin';
import { LoginGuard } from '../auth/login-guard';
import { consoleRoutes } from './console.routes';
import { ConsoleAuthService } from './console-auth.service';
import { OperatorUsersRepository } from './operator-users.repository';
import { OperatorUsersService } from './operator-users.service';
import { PlayersRepository } from './players.repository';
import { playersRoutes } from './players.routes';
import { PlayersService } from './players.service';
import { loadConsoleSecretBox } from './secret-box';

/** The operator console's API: operator users with TOTP, their sessions, the audit log's reader. */
export const consoleModule = fp(
  async (app) => {
    const repository = new OperatorUsersRepository(app.db);
    const auth = new ConsoleAuthService(
      repository,
      app.consoleSessions,
      new LoginGuard(app.rateLimiter),
      await loadConsoleSecretBox(app.config, app.log),
    );
    await app.register(consoleRoutes, { auth, users: new OperatorUsersService(repository) });
    const players = new PlayersService(new PlayersRepository(app.db), app.ledger, app.authRepository);
    await app.register(playersRoutes, { players });
  },
  { name: 'console', dependencies: ['database', 'operator-auth', 'audit', 'ledger', 'auth'] },
);
