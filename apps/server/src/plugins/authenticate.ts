import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { AuthService, SessionMember } from '../modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for member-only routes: 401 envelope unless the token names a live session. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    member: SessionMember | null;
  }
  interface FastifyContextConfig {
    /** Reachable while the member still has to change a default or expired password. */
    allowPendingPasswordChange?: boolean;
  }
}

/** The session token of a request: `Authorization: Bearer …` or the spec's `token` header. */
export function tokenOf(request: FastifyRequest): string | null {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  const token = request.headers.token;
  return (Array.isArray(token) ? token[0] : token)?.trim() || null;
}

export const authenticatePlugin = fp<{ auth: AuthService }>(
  async (app, { auth }) => {
    app.decorateRequest('member', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = tokenOf(request);
      const member = token ? await auth.resolveSession(token) : null;
      if (!member) throw new AppError(401, 'UNAUTHORIZED');
      if (member.must_change_password && !request.routeOptions.config.allowPendingPasswordChange) {
        throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED');
      }
      request.member = member;
    });
  },
  { name: 'authenticate' },
);
