import {
  auditListQuerySchema,
  auditPageEnvelope,
  consoleMeEnvelope,
  consoleSecondFactorBodySchema,
  consoleSessionEnvelope,
  consoleSignInBodySchema,
  consoleSignInEnvelope,
  createdOperatorUserEnvelope,
  createOperatorUserBodySchema,
  operatorUserEnvelope,
  operatorUserListQuerySchema,
  operatorUserPageEnvelope,
  operatorUserParamsSchema,
  parseSort,
  updateOperatorUserBodySchema,
} from '@sorte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../plugins/errors';
import { type Operator, operatorRoute } from '../../plugins/operator-auth';
import { pageOf } from '../payments/payment-rules';
import type { ConsoleAuthService } from './console-auth.service';
import type { ConsoleUser } from './console-sessions';
import type { OperatorUsersService } from './operator-users.service';

const tags = ['console'];

const actorOf = (request: FastifyRequest) => {
  const operator = request.operator as Operator;
  return { userId: operator.userId, name: operator.name, merchantCode: operator.merchantCode };
};

const asOperator = (user: ConsoleUser): Operator => ({
  name: user.username,
  roles: user.roles,
  permissions: user.permissions,
  userId: user.id,
  merchantCode: user.merchantCode,
});

/** The operator console's own calls: signing in and out, operator users, the audit log. */
export const consoleRoutes: FastifyPluginAsyncZod<{
  auth: ConsoleAuthService;
  users: OperatorUsersService;
}> = async (app, { auth, users }) => {
  app.post(
    '/ops/console/sign-in',
    { schema: { tags, body: consoleSignInBodySchema, response: { 200: consoleSignInEnvelope } } },
    async (request) =>
      ok(request, await auth.signIn(request.body.username, request.body.password, request.ip)),
  );

  app.post(
    '/ops/console/sign-in/second-factor',
    { schema: { tags, body: consoleSecondFactorBodySchema, response: { 200: consoleSessionEnvelope } } },
    async (request, reply) => {
      const signedIn = await auth.secondFactor(request.body, request, reply);
      // Recorded in the audit log as this operator's sign-in.
      request.operator = asOperator(signedIn.operator);
      return ok(request, signedIn);
    },
  );

  app.get('/ops/console/me', { schema: { tags, response: { 200: consoleMeEnvelope } } }, async (request) => {
    const user = await app.consoleSessions.operator(request);
    if (!user) throw new AppError(401, 'UNAUTHORIZED');
    return ok(request, user);
  });

  app.post('/ops/console/sign-out', { schema: { tags } }, async (request, reply) => {
    const user = await app.consoleSessions.operator(request);
    if (user) request.operator = asOperator(user);
    await app.consoleSessions.close(request, reply);
    return ok(request, null);
  });

  app.get(
    '/ops/console/operators',
    {
      ...operatorRoute('operators.manage'),
      schema: { tags, querystring: operatorUserListQuerySchema, response: { 200: operatorUserPageEnvelope } },
    },
    async (request) =>
      ok(request, await users.list(actorOf(request), request.query.pageNo, request.query.pageSize)),
  );

  app.post(
    '/ops/console/operators',
    {
      ...operatorRoute('operators.manage'),
      schema: { tags, body: createOperatorUserBodySchema, response: { 200: createdOperatorUserEnvelope } },
    },
    async (request) => ok(request, await users.create(actorOf(request), request.body)),
  );

  app.patch(
    '/ops/console/operators/:operatorId',
    {
      ...operatorRoute('operators.manage', (request) =>
        users.get((request.params as { operatorId: string }).operatorId),
      ),
      schema: {
        tags,
        params: operatorUserParamsSchema,
        body: updateOperatorUserBodySchema,
        response: { 200: operatorUserEnvelope },
      },
    },
    async (request) =>
      ok(request, await users.update(actorOf(request), request.params.operatorId, request.body)),
  );

  app.get(
    '/ops/console/audit',
    {
      ...operatorRoute('audit.read'),
      schema: { tags, querystring: auditListQuerySchema, response: { 200: auditPageEnvelope } },
    },
    async (request) => {
      const { pageNo, pageSize, actor, action, sort } = request.query;
      const { rows, total } = await app.audit.page(
        { actor, action },
        (pageNo - 1) * pageSize,
        pageSize,
        parseSort(sort)?.direction,
      );
      const content = rows.map(({ prevHash: _prev, hash: _hash, ...row }) => ({
        ...row,
        id: row.id.toString(),
        at: new Date(row.at).toISOString(),
      }));
      return ok(request, pageOf(content, pageNo, pageSize, total));
    },
  );
};
