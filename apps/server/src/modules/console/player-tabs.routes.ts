import {
  changeUplineBodySchema,
  createPlayerNoteBodySchema,
  passwordResetSentEnvelope,
  playerDepositPageEnvelope,
  playerDetailEnvelope,
  playerNoteEnvelope,
  playerNotePageEnvelope,
  playerPageQuerySchema,
  playerParamsSchema,
  playerRoundPageEnvelope,
  playerStatementEnvelope,
  playerStatementQuerySchema,
  playerWithdrawalPageEnvelope,
  resetPlayerPasswordBodySchema,
} from '@sorte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/errors';
import { operatorRoute, operatorScope } from '../../plugins/operator-auth';
import { nameLanguageOf } from '../games/games.service';
import type { PlayerAccountService } from './player-account.service';
import type { PlayerNotesService } from './player-notes.service';
import type { PlayerRecordsService } from './player-records.service';

const tags = ['console'];
const scopeOf = operatorScope;
const authorOf = (request: FastifyRequest) => request.operator?.name ?? 'operator';

/**
 * The tabs of a player's page: ledger statement, rounds, deposits, withdrawals and notes
 * (players.read; adding a note players.notes), the password reset (players.block) and the move
 * under another agent (agents.manage). Every call is about a player the operator may see (404 else).
 */
export const playerTabsRoutes: FastifyPluginAsyncZod<{
  records: PlayerRecordsService;
  notes: PlayerNotesService;
  account: PlayerAccountService;
}> = async (app, { records, notes, account }) => {
  const base = '/ops/console/players/:memberId';

  app.get(
    `${base}/statement`,
    {
      ...operatorRoute('players.read'),
      schema: {
        tags,
        params: playerParamsSchema,
        querystring: playerStatementQuerySchema,
        response: { 200: playerStatementEnvelope },
      },
    },
    async (request) =>
      ok(request, await records.statement(request.params.memberId, scopeOf(request), request.query)),
  );

  app.get(
    `${base}/rounds`,
    {
      ...operatorRoute('players.read'),
      schema: {
        tags,
        params: playerParamsSchema,
        querystring: playerPageQuerySchema,
        response: { 200: playerRoundPageEnvelope },
      },
    },
    async (request) => {
      const { pageNo, pageSize } = request.query;
      const language = nameLanguageOf(undefined, request.language);
      return ok(
        request,
        await records.roundsOf(request.params.memberId, scopeOf(request), pageNo, pageSize, language),
      );
    },
  );

  app.get(
    `${base}/deposits`,
    {
      ...operatorRoute('players.read'),
      schema: {
        tags,
        params: playerParamsSchema,
        querystring: playerPageQuerySchema,
        response: { 200: playerDepositPageEnvelope },
      },
    },
    async (request) => {
      const { pageNo, pageSize } = request.query;
      return ok(
        request,
        await records.depositsOf(request.params.memberId, scopeOf(request), pageNo, pageSize),
      );
    },
  );

  app.get(
    `${base}/withdrawals`,
    {
      ...operatorRoute('players.read'),
      schema: {
        tags,
        params: playerParamsSchema,
        querystring: playerPageQuerySchema,
        response: { 200: playerWithdrawalPageEnvelope },
      },
    },
    async (request) => {
      const { pageNo, pageSize } = request.query;
      return ok(
        request,
        await records.withdrawalsOf(request.params.memberId, scopeOf(request), pageNo, pageSize),
      );
    },
  );

  app.get(
    `${base}/notes`,
    {
      ...operatorRoute('players.read'),
      schema: {
        tags,
        params: playerParamsSchema,
        querystring: playerPageQuerySchema,
        response: { 200: playerNotePageEnvelope },
      },
    },
    async (request) => {
      const { pageNo, pageSize } = request.query;
      return ok(request, await notes.list(request.params.memberId, scopeOf(request), pageNo, pageSize));
    },
  );

  app.post(
    `${base}/notes`,
    {
      ...operatorRoute('players.notes'),
      schema: {
        tags,
        params: playerParamsSchema,
        body: createPlayerNoteBodySchema,
        response: { 200: playerNoteEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await notes.add(request.params.memberId, scopeOf(request), authorOf(request), request.body.body),
      ),
  );

  app.post(
    `${base}/password-reset`,
    {
      ...operatorRoute('players.block'),
      schema: {
        tags,
        params: playerParamsSchema,
        body: resetPlayerPasswordBodySchema,
        response: { 200: passwordResetSentEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await account.sendPasswordReset(request.params.memberId, scopeOf(request), request.body.channel),
      ),
  );

  app.post(
    `${base}/upline`,
    {
      ...operatorRoute('agents.manage', (request) =>
        account.uplineBefore((request.params as { memberId: string }).memberId, scopeOf(request)),
      ),
      schema: {
        tags,
        params: playerParamsSchema,
        body: changeUplineBodySchema,
        response: { 200: playerDetailEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await account.changeUpline(request.params.memberId, scopeOf(request), request.body.uplineUsername),
      ),
  );
};
