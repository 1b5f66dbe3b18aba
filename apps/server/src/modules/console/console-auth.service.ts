import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { LoginGuard } from '../auth/login-guard';
import { verifyPassword } from '../auth/passwords';
import { type ConsoleSessions, type ConsoleUser, consoleUserOf, hashSecret } from './console-sessions';
import type { OperatorUsersRepository } from './operator-users.repository';
import type { SecretBox } from './secret-box';
import { matchingStep, newTotpSecret, otpauthUri } from './totp';

/** The password step is good for this long, and for this many second-factor tries. */
export const CHALLENGE_MS = 5 * 60_000;
export const CHALLENGE_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;

/** Ten letters and digits (no 0/O/1/I) in two groups: ~50 bits, easy to copy from paper. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
/** As typed: any case, with or without the hyphen and spaces. */
const normaliseRecoveryCode = (code: string) => {
  const plain = code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return `${plain.slice(0, 5)}-${plain.slice(5)}`;
};

/**
 * Operators sign in in two steps: username and password (argon2id, throttled and locked as members'
 * sign-ins are), then a TOTP code — or, the first time, enrolment: a new secret shown as a QR code,
 * kept only once a code from it is right, and ten single-use recovery codes shown once.
 */
export class ConsoleAuthService {
  constructor(
    private readonly repository: OperatorUsersRepository,
    private readonly sessions: ConsoleSessions,
    private readonly guard: LoginGuard,
    private readonly box: SecretBox,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async signIn(username: string, password: string, ip: string) {
    // Apart from members' counters: an operator and a member may share a username.
    const account = `operator:${username.toLowerCase()}`;
    await this.guard.before(account, ip);
    const user = await this.repository.byUsername(username.toLowerCase());
    const right = await verifyPassword(user?.passwordHash, password);
    if (!user || !right || user.disabledAt) {
      await this.guard.failed(account, ip);
      throw new AppError(401, 'INVALID_CREDENTIALS');
    }
    const challenge = randomBytes(32).toString('base64url');
    const enrolSecret = user.totpSecretSealed ? null : newTotpSecret();
    await this.repository.insertChallenge({
      challengeHash: hashSecret(challenge),
      operatorId: user.id,
      enrolSecretSealed: enrolSecret ? this.box.seal(enrolSecret) : null,
      expiresAt: new Date(this.clock().getTime() + CHALLENGE_MS),
    });
    return {
      challenge,
      enrol: enrolSecret ? { secret: enrolSecret, otpauthUri: otpauthUri(enrolSecret, user.username) } : null,
    };
  }

  async secondFactor(
    body: { challenge: string; code?: string; recoveryCode?: string },
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ operator: ConsoleUser; recoveryCodes: string[] | null }> {
    const now = this.clock();
    const challengeHash = hashSecret(body.challenge);
    const challenge = await this.repository.attemptChallenge(challengeHash);
    if (!challenge || challenge.expiresAt <= now || challenge.attempts >= CHALLENGE_ATTEMPTS) {
      if (challenge) await this.repository.deleteChallenge(challengeHash);
      throw new AppError(401, 'CHALLENGE_EXPIRED');
    }
    const user = await this.repository.byId(challenge.operatorId);
    if (!user || user.disabledAt) throw new AppError(401, 'CHALLENGE_EXPIRED');
    const account = `operator:${user.username}`;
    const wrong = async () => {
      await this.guard.failed(account, request.ip);
      return new AppError(401, 'INVALID_TOTP_CODE');
    };

    let recoveryCodes: string[] | null = null;
    if (challenge.enrolSecretSealed) {
      const step = body.code
        ? matchingStep(this.box.open(challenge.enrolSecretSealed), body.code, now)
        : undefined;
      if (step === undefined) throw await wrong();
      recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const enrolled = await this.repository.enrol(
        user.id,
        challenge.enrolSecretSealed,
        step,
        recoveryCodes.map((code) => this.box.mac(code)),
      );
      // Someone enrolled this operator in between (two tabs): sign in again, against that secret.
      if (!enrolled) throw new AppError(401, 'CHALLENGE_EXPIRED');
    } else if (body.code) {
      const step = user.totpSecretSealed
        ? matchingStep(this.box.open(user.totpSecretSealed), body.code, now)
        : undefined;
      if (step === undefined || !(await this.repository.takeTotpStep(user.id, step))) throw await wrong();
    } else if (
      !body.recoveryCode ||
      !(await this.repository.useRecoveryCode(
        user.id,
        this.box.mac(normaliseRecoveryCode(body.recoveryCode)),
      ))
    ) {
      throw await wrong();
    }

    await this.repository.deleteChallenge(challengeHash);
    await this.guard.succeeded(account, request.ip);
    await this.repository.signedIn(user.id);
    await this.sessions.open(user.id, request, reply);
    return { operator: consoleUserOf(user), recoveryCodes };
  }
}
