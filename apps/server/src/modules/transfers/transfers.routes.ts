import {
  memberTransferEnvelope,
  merchantWalletEnvelope,
  merchantWalletQuerySchema,
  transferToDownlineBodySchema,
  transferToUplineBodySchema,
  vendorWalletsEnvelope,
  walletTransferBodySchema,
  walletTransferEnvelope,
} from '@sorte/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { merchantOf } from '../../lib/merchant';
import { ok } from '../../plugins/errors';
import type { SessionMember } from '../auth/auth.service';
import type { TransfersService } from './transfers.service';

const memberOf = (request: FastifyRequest) => request.member as SessionMember;
/** Balances change with every bet: never stored by any cache. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * Money a member moves themselves (spec sections 2, 6): wallet mode and transfer wallets, main wallet
 * ⇄ vendor wallet, to the upline and to a downline. Every transfer is idempotent on its requestId.
 */
export const transfersRoutes: FastifyPluginAsyncZod<{ transfers: TransfersService }> = async (
  app,
  { transfers },
) => {
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
};
