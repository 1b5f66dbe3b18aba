import {
  downlineListQuerySchema,
  downlinePageEnvelope,
  teamBettingPageEnvelope,
  teamBettingQuerySchema,
  teamOverviewEnvelope,
  teamOverviewQuerySchema,
  teamProfitLossPageEnvelope,
  teamProfitLossQuerySchema,
  teamTransactionsPageEnvelope,
  teamTransactionsQuerySchema,
} from '@sorte/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/errors';
import type { SessionMember } from '../auth/auth.service';
import type { TeamService } from './team.service';

const memberOf = (request: FastifyRequest) => request.member as SessionMember;
/** Team figures move with every bet and are the agent's own: never stored by any cache. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * The agent centre's team reads (spec sections 2, 6, 7). Agents only; every read is of the caller's
 * own team, any member id in the query is checked to be in it.
 */
export const agentsRoutes: FastifyPluginAsyncZod<{ team: TeamService }> = async (app, { team }) => {
  app.get(
    '/wps/agent/team/overview',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['agent'],
        summary:
          'Team size and figures for today, yesterday, this week, this month and a range, with chart series',
        querystring: teamOverviewQuerySchema,
        response: { 200: teamOverviewEnvelope },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(request, await team.overview(memberOf(request), request.query));
    },
  );

  app.get(
    '/wps/agent/team/downlines',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['agent'],
        summary: 'The downline list (search, level, type, status), or one member’s direct downlines',
        querystring: downlineListQuerySchema,
        response: { 200: downlinePageEnvelope },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(request, await team.downlines(memberOf(request), request.query));
    },
  );

  app.get(
    '/wps/agent/team/betting',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['agent'],
        summary: 'Game rounds of the team by member, game type and date range',
        querystring: teamBettingQuerySchema,
        response: { 200: teamBettingPageEnvelope },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(request, await team.betting(memberOf(request), request.query));
    },
  );

  app.get(
    '/wps/agent/team/profitLoss',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['agent'],
        summary: 'User profit and loss: per downline, per day and game type',
        querystring: teamProfitLossQuerySchema,
        response: { 200: teamProfitLossPageEnvelope },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(request, await team.profitLoss(memberOf(request), request.query));
    },
  );

  app.get(
    '/wps/agent/team/transactions',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['agent'],
        summary: 'Deposits, withdrawals and transfers of the team',
        querystring: teamTransactionsQuerySchema,
        response: { 200: teamTransactionsPageEnvelope },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(request, await team.transactions(memberOf(request), request.query));
    },
  );
};
