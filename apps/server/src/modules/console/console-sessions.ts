import { createHash, randomBytes } from 'node:crypto';
import { type ConsoleOperator, type OperatorRoleName, operatorRoleNames, permissionsOf } from '@sorte/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperatorUserRow, OperatorUsersRepository } from './operator-users.repository';

/** An operator session ends after this long without a call (an unattended back office). */
export const CONSOLE_IDLE_MS = 15 * 60_000;
/** … and after this long in any case: one working day, then sign in again. */
export const CONSOLE_ABSOLUTE_MS = 8 * 60 * 60_000;
/** last_seen_at is written at most this often (not on every call of a busy screen). */
const TOUCH_EVERY_MS = 60_000;

export const CONSOLE_COOKIE = 'sorte_console';

export const hashSecret = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

export type ConsoleUser = ConsoleOperator;

const isRoleName = (role: string): role is OperatorRoleName =>
  (operatorRoleNames as readonly string[]).includes(role);

export const consoleUserOf = (row: OperatorUserRow): ConsoleUser => ({
  id: row.id,
  username: row.username,
  roles: row.roles.filter(isRoleName),
  permissions: permissionsOf(row.roles),
  merchantCode: (row.merchantCode as ConsoleUser['merchantCode']) ?? null,
});

/** The session cookie's value, if the request carries one. */
export function sessionCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === CONSOLE_COOKIE) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/**
 * Operator sessions: an opaque 256-bit token in an HttpOnly, SameSite=Strict cookie limited to the
 * operator API's path, kept as SHA-256. Ends on sign-out, after CONSOLE_IDLE_MS without a call, after
 * CONSOLE_ABSOLUTE_MS, and when the operator is disabled.
 */
export class ConsoleSessions {
  constructor(
    private readonly repository: OperatorUsersRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async open(operatorId: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    await this.repository.insertSession({
      tokenHash: hashSecret(token),
      operatorId,
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? ''),
      now,
      expiresAt: new Date(now.getTime() + CONSOLE_ABSOLUTE_MS),
    });
    reply.header('set-cookie', this.cookie(request, token, CONSOLE_ABSOLUTE_MS / 1000));
  }

  /** The signed-in operator, or undefined (no cookie, ended, idle, expired, disabled). */
  async operator(request: FastifyRequest): Promise<ConsoleUser | undefined> {
    const token = sessionCookie(request);
    if (!token) return undefined;
    const tokenHash = hashSecret(token);
    const session = await this.repository.session(tokenHash);
    const now = this.clock();
    if (!session || session.endedAt || session.expiresAt <= now) return undefined;
    if (now.getTime() - session.lastSeenAt.getTime() > CONSOLE_IDLE_MS) {
      await this.repository.endSession(tokenHash);
      return undefined;
    }
    const user = await this.repository.byId(session.operatorId);
    if (!user || user.disabledAt) return undefined;
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS)
      await this.repository.touchSession(tokenHash, now);
    return consoleUserOf(user);
  }

  async close(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = sessionCookie(request);
    if (token) await this.repository.endSession(hashSecret(token));
    reply.header('set-cookie', this.cookie(request, '', 0));
  }

  private cookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
    // Secure when the request came over TLS (directly or through the trusted proxy).
    const secure = request.protocol === 'https' ? '; Secure' : '';
    return `${CONSOLE_COOKIE}=${value}; Path=/ops; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
  }
}
