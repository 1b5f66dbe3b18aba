import fp from 'fastify-plugin';
import { LoginGuard } from '../auth/login-guard';
import { PaymentsRepository } from '../payments/payments.repository';
import { BettingRecordRepository } from '../vendors/betting-record.repository';
import { AdjustmentsRepository } from './adjustments.repository';
import { adjustmentsRoutes } from './adjustments.routes';
import { AdjustmentsService } from './adjustments.service';
import { consoleRoutes } from './console.routes';
import { ConsoleAuthService } from './console-auth.service';
import { dashboardRoutes } from './dashboard.routes';
import { DashboardService, scheduleDashboardRefresh } from './dashboard.service';
import { OperatorUsersRepository } from './operator-users.repository';
import { OperatorUsersService } from './operator-users.service';
import { PlayerAccountService } from './player-account.service';
import { PlayerNotesRepository } from './player-notes.repository';
import { PlayerNotesService } from './player-notes.service';
import { PlayerRecordsService } from './player-records.service';
import { playerTabsRoutes } from './player-tabs.routes';
import { PlayerUplineRepository } from './player-upline.repository';
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
    const playersRepository = new PlayersRepository(app.db);
    const players = new PlayersService(playersRepository, app.ledger, app.authRepository);
    await app.register(playersRoutes, { players });
    await app.register(playerTabsRoutes, {
      records: new PlayerRecordsService(
        players,
        app.ledger,
        new BettingRecordRepository(app.db),
        new PaymentsRepository(app.db),
      ),
      notes: new PlayerNotesService(players, new PlayerNotesRepository(app.db)),
      account: new PlayerAccountService(
        players,
        app.authRepository,
        app.auth,
        app.recovery,
        app.verification,
        new PlayerUplineRepository(app.db),
      ),
    });
    const adjustments = new AdjustmentsService(
      new AdjustmentsRepository(app.db),
      playersRepository,
      app.ledger,
    );
    await app.register(adjustmentsRoutes, { adjustments });
    const dashboard = new DashboardService(app.db);
    app.decorate('consoleDashboard', dashboard);
    await app.register(dashboardRoutes, { dashboard });
    scheduleDashboardRefresh(app, dashboard);
  },
  { name: 'console', dependencies: ['database', 'operator-auth', 'audit', 'ledger', 'auth'] },
);
