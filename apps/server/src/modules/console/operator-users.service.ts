import { randomBytes } from 'node:crypto';
import type { OperatorUser } from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../auth/passwords';
import { iso, pageOf } from '../payments/payment-rules';
import type { OperatorUserRow, OperatorUsersRepository } from './operator-users.repository';

export const operatorUserDto = (row: OperatorUserRow): OperatorUser => ({
  id: row.id,
  username: row.username,
  roles: row.roles as OperatorUser['roles'],
  merchantCode: row.merchantCode as OperatorUser['merchantCode'],
  totpEnrolled: row.totpSecretSealed !== null,
  disabled: row.disabledAt !== null,
  createdAt: iso(row.createdAt) as string,
  lastSignInAt: iso(row.lastSignInAt),
});

/** A first password: 128 bits, shown once to whoever creates the user, never stored as it is. */
export const newInitialPassword = () => randomBytes(16).toString('base64url');

/** The caller of an operator-user change: who they are, and the merchant they are limited to. */
type Actor = { userId: string | null; name: string; merchantCode: string | null };

/**
 * Operator users: made by an admin (or the CLI, for the first one) with a first password shown once;
 * the user enrols TOTP at the first sign-in. Only an operator over every merchant manages users (a
 * merchant-limited admin could otherwise make themselves a user without that limit), and nobody can
 * disable themselves or take away their own roles: the last admin cannot lock everyone out.
 */
export class OperatorUsersService {
  constructor(private readonly repository: OperatorUsersRepository) {}

  private unscoped(actor: Actor) {
    if (actor.merchantCode !== null) throw new AppError(403, 'FORBIDDEN');
  }

  async list(actor: Actor, pageNo: number, pageSize: number) {
    this.unscoped(actor);
    const { rows, total } = await this.repository.page((pageNo - 1) * pageSize, pageSize);
    return pageOf(rows.map(operatorUserDto), pageNo, pageSize, total);
  }

  /** One operator user (the audit log's "before" of a change). */
  async get(id: string): Promise<OperatorUser | undefined> {
    const row = await this.repository.byId(id);
    return row ? operatorUserDto(row) : undefined;
  }

  async create(
    actor: Actor,
    user: { username: string; roles: string[]; merchantCode: string | null },
  ): Promise<{ operator: OperatorUser; initialPassword: string }> {
    this.unscoped(actor);
    const initialPassword = newInitialPassword();
    const row = await this.repository.insert({
      username: user.username,
      passwordHash: await hashPassword(initialPassword),
      roles: [...new Set(user.roles)],
      merchantCode: user.merchantCode,
      createdBy: actor.name,
    });
    if (!row) throw new AppError(409, 'USERNAME_TAKEN');
    return { operator: operatorUserDto(row), initialPassword };
  }

  async update(
    actor: Actor,
    id: string,
    change: { roles?: string[]; merchantCode?: string | null; disabled?: boolean },
  ): Promise<OperatorUser> {
    this.unscoped(actor);
    if (actor.userId === id) throw new AppError(409, 'OWN_ACCESS_UNCHANGEABLE');
    const row = await this.repository.update(id, {
      ...change,
      roles: change.roles ? [...new Set(change.roles)] : undefined,
    });
    if (!row) throw new AppError(404, 'NOT_FOUND');
    // Disabled, or fewer rights: whatever they had open ends now.
    if (change.disabled || change.roles || change.merchantCode !== undefined)
      await this.repository.endSessions(id);
    return operatorUserDto(row);
  }
}

/**
 * An administrator made outside the console (the first one, or one who lost their authenticator):
 * a new user with the admin role, or, with `reset`, an existing user's password replaced and their
 * second factor and sessions removed. Answers the one-time password; the user enrols TOTP again at
 * the next sign-in.
 */
export async function provisionAdmin(
  repository: OperatorUsersRepository,
  username: string,
  options: { reset: boolean; createdBy: string },
): Promise<{ password: string; created: boolean }> {
  const password = newInitialPassword();
  const passwordHash = await hashPassword(password);
  const existing = await repository.byUsername(username);
  if (existing) {
    if (!options.reset) throw new Error(`operator ${username} exists: add --reset to give it a new password`);
    await repository.resetCredentials(existing.id, passwordHash);
    return { password, created: false };
  }
  await repository.insert({
    username,
    passwordHash,
    roles: ['admin'],
    merchantCode: null,
    createdBy: options.createdBy,
  });
  return { password, created: true };
}
