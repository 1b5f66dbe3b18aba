import {
  bonusDetailQuerySchema,
  memberTransferEnvelope,
  merchantWalletEnvelope,
  merchantWalletQuerySchema,
  movementPageEnvelope,
  personalProfitEnvelope,
  personalProfitQuerySchema,
  transactionHistoryQuerySchema,
  transferToDownlineBodySchema,
  transferToUplineBodySchema,
  vendorWalletsEnvelope,
  walletBalanceEnvelope,
  walletTransferBodySchema,
  walletTransferEnvelope,
} from '@sorte/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { merchantOf } from '../../lib/merchant';
import { ok } from '../../plugins/errors';
import type { SessionMember } from '../auth/auth.service';
import type { RecordsService } from './records.service';
import type { TransfersService } from './transfers.service';

const memberOf = (request: FastifyRequest) => request.member as SessionMember;
/** Balances and records change with every bet: never stored by any cache. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * The member's wallet calls (spec sections 2, 3, 6, 7): balance, wallet mode and transfer wallets,
 * transfers to the upline and downlines, account record, bonus details, profit and loss. No call
 * takes a member id for reading: every read is of the caller's own accounts.
 */
export const recordsRoutes: FastifyPluginAsyncZod<{
  records: RecordsService;
  transfers: TransfersService;
}> = async (app, { records, transfers }) => {
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
    '/wps/relay/merchantWallet',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Single wallet (seamless vendors) or a transfer wallet per vendor',
        querystring: merchantWalletQuerySchema,
        response: { 200: merchantWalletEnvelope },
      },
    },
    async (request) =>
      ok(request, { isSingle: await transfers.isSingleWallet(merchantOf(request).merchantCode) }),
  );

  app.get(
    '/wps/relay/vendorWallets',
    {
      preHandler: app.authenticate,
      schema: { tags: ['wallet'], response: { 200: vendorWalletsEnvelope } },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(request, await transfers.vendorWallets(memberOf(request)));
    },
  );

  app.post(
    '/wps/relay/walletTransfer',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['wallet'],
        summary: 'Main wallet ⇄ vendor wallet (idempotent on requestId)',
        body: walletTransferBodySchema,
        response: { 200: walletTransferEnvelope },
      },
    },
    async (request) => ok(request, await transfers.walletTransfer(memberOf(request), request.body)),
  );

  app.post(
    '/wps/relay/transferToUpline',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['wallet'],
        summary: "To the member's direct upline agent (idempotent on requestId)",
        body: transferToUplineBodySchema,
        response: { 200: memberTransferEnvelope },
      },
    },
    async (request) => ok(request, await transfers.transferToUpline(memberOf(request), request.body)),
  );

  app.post(
    '/wps/relay/transferToDownline',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['wallet'],
        summary: "From an agent to one of the agent's direct downlines (idempotent on requestId)",
        body: transferToDownlineBodySchema,
        response: { 200: memberTransferEnvelope },
      },
    },
    async (request) => ok(request, await transfers.transferToDownline(memberOf(request), request.body)),
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
