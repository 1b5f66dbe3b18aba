import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { PaymentsRepository } from './payments.repository';

/** Roles an operator key may hold. 'payments' approves and rejects withdrawals and edits channels. */
export const operatorRoles = ['payments', 'support'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

export type Operator = { name: string; roles: string[] };

export const hashOperatorKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

declare module 'fastify' {
  interface FastifyRequest {
    operator: Operator | null;
  }
}

/**
 * Until the operator console exists, operators are API keys (`x-operator-key`):
 * - OPERATOR_API_KEY, the root key of the configuration, holds every role (as `requireOperator` does
 *   for the other operator routes);
 * - keys in the operator_keys table (256-bit random, stored as SHA-256) hold the roles listed there.
 * A header claiming a role would prove nothing, so the role comes from the key itself.
 */
export function requireOperatorRole(repository: PaymentsRepository, role: OperatorRole) {
  return async (request: FastifyRequest): Promise<void> => {
    const given = request.headers['x-operator-key'];
    if (typeof given !== 'string' || given.length === 0) throw new AppError(401, 'UNAUTHORIZED');
    const root = request.server.config.operatorApiKey;
    if (root) {
      const a = Buffer.from(given);
      const b = Buffer.from(root);
      if (a.length === b.length && timingSafeEqual(a, b)) {
        request.operator = { name: 'root', roles: [...operatorRoles] };
        return;
      }
    }
    const operator = await repository.operatorByKeyHash(hashOperatorKey(given));
    if (!operator?.roles.includes(role)) throw new AppError(403, 'FORBIDDEN');
    request.operator = operator;
  };
}

/** Creates an operator key with roles; the key is returned once and only its hash is kept. */
export async function createOperatorKey(
  repository: PaymentsRepository,
  name: string,
  roles: OperatorRole[],
): Promise<string> {
  const key = `opk_${randomBytes(32).toString('base64url')}`;
  await repository.insertOperatorKey(name, hashOperatorKey(key), roles);
  return key;
}
