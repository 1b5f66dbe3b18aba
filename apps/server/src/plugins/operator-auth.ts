import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';

/**
 * Roles an operator key may hold. 'payments' approves and rejects withdrawals and edits channels;
 * 'agents' makes members agents and gives top-level agents their contracts.
 */
export const operatorRoles = ['payments', 'support', 'agents'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

export type Operator = { name: string; roles: string[] };

export const hashOperatorKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

declare module 'fastify' {
  interface FastifyInstance {
    operatorKeys: OperatorKeysRepository;
  }
  interface FastifyRequest {
    /** Who passed the operator guard (set by `requireOperatorRole`). */
    operator: Operator | null;
  }
}

/** Operator keys beside the root key: 256-bit random, stored as SHA-256, with their roles. */
export class OperatorKeysRepository {
  constructor(private readonly db: Pick<Database, 'query'>) {}

  async byKeyHash(keyHash: string): Promise<Operator | undefined> {
    const [row] = await this.db.query<Operator>(
      'select name, roles from operator_keys where key_hash = $1 and revoked_at is null',
      [keyHash],
    );
    return row;
  }

  async insert(name: string, keyHash: string, roles: string[]): Promise<void> {
    await this.db.query('insert into operator_keys (name, key_hash, roles) values ($1, $2, $3)', [
      name,
      keyHash,
      roles,
    ]);
  }
}

/** Creates an operator key with roles; the key is returned once and only its hash is kept. */
export async function createOperatorKey(
  db: Pick<Database, 'query'>,
  name: string,
  roles: OperatorRole[],
): Promise<string> {
  const key = `opk_${randomBytes(32).toString('base64url')}`;
  await new OperatorKeysRepository(db).insert(name, hashOperatorKey(key), roles);
  return key;
}

/** The `x-operator-key` header; without one the caller is not identified at all (401). */
function givenKey(request: FastifyRequest): string {
  const given = request.headers['x-operator-key'];
  if (typeof given !== 'string' || given.length === 0) throw new AppError(401, 'UNAUTHORIZED');
  return given;
}

/** Whether the key is OPERATOR_API_KEY, compared in constant time. */
function isRootKey(given: string, root: string | undefined): boolean {
  if (!root) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(root);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The operator guard for calls only the platform's owner makes (ledger, maintenance, regions,
 * domains, load): `x-operator-key` must be OPERATOR_API_KEY. With no key configured these are closed.
 */
export async function requireOperator(request: FastifyRequest): Promise<void> {
  const given = givenKey(request);
  if (!request.server.config.operatorApiKey) throw new AppError(403, 'FORBIDDEN');
  if (!isRootKey(given, request.server.config.operatorApiKey)) throw new AppError(403, 'FORBIDDEN');
  request.operator = { name: 'root', roles: [...operatorRoles] };
}

/**
 * The operator guard for calls an operator with a role makes, until the operator console exists:
 * - OPERATOR_API_KEY, the root key of the configuration, holds every role;
 * - keys in the operator_keys table hold the roles listed there.
 * A header claiming a role would prove nothing, so the role comes from the key itself.
 */
export function requireOperatorRole(role: OperatorRole) {
  return async (request: FastifyRequest): Promise<void> => {
    const given = givenKey(request);
    if (isRootKey(given, request.server.config.operatorApiKey)) {
      request.operator = { name: 'root', roles: [...operatorRoles] };
      return;
    }
    const operator = await request.server.operatorKeys.byKeyHash(hashOperatorKey(given));
    if (!operator?.roles.includes(role)) throw new AppError(403, 'FORBIDDEN');
    request.operator = operator;
  };
}

/** Operator identity on every request (null until a guard sets it) and the keys' repository. */
export const operatorAuthPlugin = fp(
  async (app) => {
    app.decorateRequest('operator', null);
    app.decorate('operatorKeys', new OperatorKeysRepository(app.db));
  },
  { name: 'operator-auth', dependencies: ['database'] },
);
