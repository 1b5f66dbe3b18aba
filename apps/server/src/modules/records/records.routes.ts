import {
  bonusDetailQuerySchema,
  movementPageEnvelope,
  personalProfitEnvelope,
  personalProfitQuerySchema,
  transactionHistoryQuerySchema,
  walletBalanceEnvelope,
} from '@sorte/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/errors';
import type { SessionMember } from '../auth/auth.service';
import type { RecordsService } from './records.service';

const memberOf = (request: FastifyRequest) => request.member as SessionMember;
/** Balances and records change with every bet: never stored by any cache. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * The member's records (spec sections 2, 3, 7): balance, account record, bonus details, profit and
 * loss. Reads only; no call takes a member id: every read is of the caller's own accounts.
 */
export const recordsRoutes: FastifyPluginAsyncZod<{ records: RecordsService }> = async (app, { records }) => {
  app.get(
    '/wps/v2/wallets/balance',
    {
      preHandler: app.authenticate,
      schema: { tags: ['wallet'], response: { 200: walletBalanceEnvelope } },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(request, await records.balance(memberOf(request)));
    },
  );

  app.get(
    '/wps/relay/memberTransactionDetail',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['wallet'],
        summary: 'Account record (transactionHistory): main-wallet movements',
        querystring: transactionHistoryQuerySchema,
        response: { 200: movementPageEnvelope },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(request, await records.transactionHistory(memberOf(request), request.query));
    },
  );

  app.get(
    '/wps/relay/bonusDetail',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['wallet'],
        summary: 'Bonus details: bonus-wallet movements',
        querystring: bonusDetailQuerySchema,
        response: { 200: movementPageEnvelope },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(request, await records.bonusDetail(memberOf(request), request.query));
    },
  );

  app.get(
    '/wps/relay/personalProfit',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['wallet'],
        summary: 'Profit and loss by day and game type',
        querystring: personalProfitQuerySchema,
        response: { 200: personalProfitEnvelope },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(request, await records.personalProfit(memberOf(request), request.query));
    },
  );
};
