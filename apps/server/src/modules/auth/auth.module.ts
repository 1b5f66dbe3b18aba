import fp from 'fastify-plugin';
import { authenticatePlugin } from '../../plugins/authenticate';
import { SandboxEmailProvider } from '../email/email-provider';
import { SandboxSmsProvider } from '../verification/sms-provider';
import { VerificationRepository } from '../verification/verification.repository';
import { VerificationService } from '../verification/verification.service';
import { AuthRepository } from './auth.repository';
import { authRoutes } from './auth.routes';
import { AuthService } from './auth.service';
import { CaptchaService } from './captcha.service';
import { LoginChallengeRepository } from './login-challenge.repository';
import { LoginGuard } from './login-guard';
import { ProofOfWorkService } from './proof-of-work.service';
import { RecoveryRepository } from './recovery.repository';
import { RecoveryService } from './recovery.service';
import { SecondVerificationService } from './second-verification.service';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    authRepository: AuthRepository;
    verification: VerificationService;
    /** Password resets and account unlocks (the console sends a member's reset through it). */
    recovery: RecoveryService;
    smsSandbox: SandboxSmsProvider;
    emailSandbox: SandboxEmailProvider;
  }
}

/** Accounts and sessions: the auth service for other modules, `app.authenticate`, and the routes. */
export const authModule = fp(
  async (app) => {
    const repository = new AuthRepository(app.db);
    const captchas = new CaptchaService(repository);
    const smsSandbox = new SandboxSmsProvider(app.db);
    const verification = new VerificationService(
      new VerificationRepository(app.db),
      smsSandbox,
      app.rateLimiter,
    );
    const emailSandbox = new SandboxEmailProvider(app.db);
    const secondVerification = new SecondVerificationService(
      new LoginChallengeRepository(app.db),
      smsSandbox,
      emailSandbox,
      app.rateLimiter,
    );
    const pow = new ProofOfWorkService(app.db, app.rateLimiter);
    const guard = new LoginGuard(app.rateLimiter);
    const auth = new AuthService(
      repository,
      captchas,
      app.rateLimiter,
      app.ledger,
      verification,
      secondVerification,
      pow,
      guard,
    );
    const recovery = new RecoveryService(
      repository,
      new RecoveryRepository(app.db),
      app.rateLimiter,
      emailSandbox,
      smsSandbox,
      guard,
      (merchant) => auth.passwordRuleOf(merchant),
      app.config.publicBaseUrl,
    );
    app.decorate('smsSandbox', smsSandbox);
    app.decorate('emailSandbox', emailSandbox);
    app.decorate('verification', verification);
    app.decorate('auth', auth);
    app.decorate('recovery', recovery);
    app.decorate('authRepository', repository);
    await app.register(authenticatePlugin, { auth });
    await app.register(authRoutes, { auth, captchas, pow, recovery });
  },
  { name: 'auth', dependencies: ['ledger', 'redis'] },
);
