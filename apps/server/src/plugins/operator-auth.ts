import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type OperatorPermission,
  operatorPermissions,
  operatorRoleNames,
  permissionsOf,
} from '@sorte/shared';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import { ConsoleSessions } from '../modules/console/console-sessions';
import { OperatorUsersRepository } from '../modules/console/operator-users.repository';

/**
 * Roles an operator key may hold: the console's roles (packages/shared, contracts/console.ts), and
 * the names keys had before the console, kept for keys already handed out to automation:
 * 'payments' is finance, 'agents' the agent manager.
 */
const legacyKeyRoles = { payments: 'finance', agents: 'agent_manager' } as const;
export const operatorRoles = [
  ...operatorRoleNames,
  ...(Object.keys(legacyKeyRoles) as ('payments' | 'agents')[]),
];
export type OperatorRole = (typeof operatorRoles)[number];

const keyPermissions = (roles: string[]) =>
  permissionsOf(roles.map((role) => legacyKeyRoles[role as keyof typeof legacyKeyRoles] ?? role));

/**
 * Who passed an operator guard: a key (its name) or a console user (their username, id and merchant
 * scope), with the roles and the permissions they give.
 */
export type Operator = {
  name: string;
  roles: string[];
  permissions: OperatorPermission[];
  /** The console user's id; null for a key. */
  userId: string | null;
  /** Limited to this merchant; null: every merchant. */
  merchantCode: string | null;
};

export const hashOperatorKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

declare module 'fastify' {
  interface FastifyInstance {
    operatorKeys: OperatorKeysRepository;
    consoleSessions: ConsoleSessions;
    /** Every operator route and the permission it needs, as registered (the route table). */
    operatorRoutes: OperatorRouteEntry[];
  }
  interface FastifyContextConfig {
    /** The permission an operator route needs (set by `operatorRoute`). */
    permission?: OperatorPermission;
  }
  interface FastifyRequest {
    /** Who passed the operator guard (set by `requireOperatorRole`). */
    operator: Operator | null;
  }
}

/** Operator keys beside the root key: 256-bit random, stored as SHA-256, with their roles. */
export class OperatorKeysRepository {
  constructor(private readonly db: Pick<Database, 'query'>) {}

  async byKeyHash(keyHash: string): Promise<{ name: string; roles: string[] } | undefined> {
    const [row] = await this.db.query<{ name: string; roles: string[] }>(
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

/** Whether the key is OPERATOR_API_KEY, compared in constant time. */
function isRootKey(given: string, root: string | undefined): boolean {
  if (!root) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(root);
  return a.length === b.length && timingSafeEqual(a, b);
}

const root = (): Operator => ({
  name: 'root',
  roles: ['admin'],
  permissions: [...operatorPermissions],
  userId: null,
  merchantCode: null,
});

/**
 * Who is calling: `x-operator-key` (OPERATOR_API_KEY holds every permission; keys of the
 * operator_keys table the permissions of their roles), else the console's session cookie. A header
 * claiming a role proves nothing, so roles come from the key or the user record itself.
 */
async function identify(request: FastifyRequest): Promise<Operator | undefined> {
  const given = request.headers['x-operator-key'];
  if (typeof given === 'string' && given.length > 0) {
    if (isRootKey(given, request.server.config.operatorApiKey)) return root();
    const key = await request.server.operatorKeys.byKeyHash(hashOperatorKey(given));
    if (!key) throw new AppError(403, 'FORBIDDEN');
    return { ...key, permissions: keyPermissions(key.roles), userId: null, merchantCode: null };
  }
  const user = await request.server.consoleSessions.operator(request);
  if (!user) return undefined;
  return {
    name: user.username,
    roles: user.roles,
    permissions: user.permissions,
    userId: user.id,
    merchantCode: user.merchantCode,
  };
}

/** The guard of an operator call: 401 for nobody, 403 for an operator without the permission. */
export function requirePermission(permission: OperatorPermission) {
  return async (request: FastifyRequest): Promise<void> => {
    const operator = await identify(request);
    if (!operator) throw new AppError(401, 'UNAUTHORIZED');
    if (!operator.permissions.includes(permission)) throw new AppError(403, 'FORBIDDEN');
    request.operator = operator;
  };
}

/**
 * The options every operator route starts from: its permission, checked before the body is read,
 * and named in the route's config so the route table lists it (tests derive the 403 checks from it).
 */
export const operatorRoute = (
  permission: OperatorPermission,
  /** What the call is about to change, read for the audit log's "before" (audit.plugin.ts). */
  auditBefore?: (request: FastifyRequest) => Promise<unknown>,
) => ({
  onRequest: requirePermission(permission),
  config: auditBefore ? { permission, auditBefore } : { permission },
});

/** The merchant the calling operator is limited to; null: every merchant (keys, unscoped users). */
export const operatorScope = (request: FastifyRequest): string | null =>
  request.operator?.merchantCode ?? null;

export type OperatorRouteEntry = { method: string; url: string; permission: OperatorPermission };

/** Operator identity on every request (null until a guard sets it) and the keys' repository. */
export const operatorAuthPlugin = fp(
  async (app) => {
    app.decorateRequest('operator', null);
    app.decorate('operatorKeys', new OperatorKeysRepository(app.db));
    app.decorate('consoleSessions', new ConsoleSessions(new OperatorUsersRepository(app.db)));
    const routes: OperatorRouteEntry[] = [];
    app.decorate('operatorRoutes', routes);
    app.addHook('onRoute', (route) => {
      const permission = route.config?.permission;
      if (!permission) return;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routes.push({ method, url: route.url, permission });
      }
    });
  },
  { name: 'operator-auth', dependencies: ['database'] },
);
