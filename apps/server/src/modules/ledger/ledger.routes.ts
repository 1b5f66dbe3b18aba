import {
  accountEnvelope,
  accountIdSchema,
  type LedgerCurrency,
  postedTransferEnvelope,
  postTransferBodySchema,
  reverseTransferBodySchema,
  statementEnvelope,
  statementQuerySchema,
  transferIdSchema,
} from '@sorte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toSafeNumber } from '../../lib/bigint';
import { ok } from '../../plugins/errors';
import { operatorRoute } from '../../plugins/operator-auth';
import type { AccountRow } from './ledger.repository';
import type { LedgerService, PostedTransfer } from './ledger.service';

const toAccountDto = (a: AccountRow) => ({
  id: a.id.toString(),
  code: a.code,
  ownerType: a.owner_type,
  ownerId: a.owner_id,
  kind: a.kind,
  currency: a.currency as LedgerCurrency,
  balance: toSafeNumber(a.balance),
});

const toPostedDto = (p: PostedTransfer, debit: bigint, credit: bigint) => ({
  transferId: p.transferId.toString(),
  replayed: p.replayed,
  debitAccountId: debit.toString(),
  creditAccountId: credit.toString(),
  debitBalance: toSafeNumber(p.debitBalance),
  creditBalance: toSafeNumber(p.creditBalance),
});

const operatorHeaders = z.object({ 'x-operator-key': z.string().optional() });

/** Operator API over the ledger (`/ops/ledger/...`): reading needs ledger.read, posting ledger.write. */
export const ledgerRoutes: FastifyPluginAsyncZod<{ ledger: LedgerService }> = async (app, { ledger }) => {
  app.post(
    '/ops/ledger/transfers',
    {
      ...operatorRoute('ledger.write'),
      schema: {
        tags: ['ledger'],
        summary: 'Post a transfer (idempotent on idempotencyKey)',
        headers: operatorHeaders,
        body: postTransferBodySchema,
        response: { 200: postedTransferEnvelope },
      },
    },
    async (request) => {
      const body = request.body;
      const resolve = (ref: string) =>
        ref === 'house' ? ledger.houseAccountFor(body.currency, body.idempotencyKey) : BigInt(ref);
      const debit = resolve(body.debitAccount);
      const credit = resolve(body.creditAccount);
      const posted = await ledger.transfer({
        idempotencyKey: body.idempotencyKey,
        debitAccountId: debit,
        creditAccountId: credit,
        amount: BigInt(body.amount),
        currency: body.currency,
        kind: body.kind,
        metadata: body.metadata ?? {},
      });
      return ok(request, toPostedDto(posted, debit, credit));
    },
  );

  app.post(
    '/ops/ledger/transfers/:id/reversal',
    {
      ...operatorRoute('ledger.write'),
      schema: {
        tags: ['ledger'],
        summary: 'Reverse a transfer with a new linked transfer (once)',
        headers: operatorHeaders,
        params: z.object({ id: transferIdSchema }),
        body: reverseTransferBodySchema,
        response: { 200: postedTransferEnvelope },
      },
    },
    async (request) => {
      const original = await ledger.getTransfer(BigInt(request.params.id));
      const posted = await ledger.reverse({
        idempotencyKey: request.body.idempotencyKey,
        transferId: original.id,
        metadata: request.body.reason ? { reason: request.body.reason } : {},
      });
      return ok(request, toPostedDto(posted, original.credit_account_id, original.debit_account_id));
    },
  );

  app.get(
    '/ops/ledger/accounts/:id',
    {
      ...operatorRoute('ledger.read'),
      schema: {
        tags: ['ledger'],
        headers: operatorHeaders,
        params: z.object({ id: accountIdSchema }),
        response: { 200: accountEnvelope },
      },
    },
    async (request) => ok(request, toAccountDto(await ledger.getAccount(BigInt(request.params.id)))),
  );

  app.get(
    '/ops/ledger/accounts/:id/statement',
    {
      ...operatorRoute('ledger.read'),
      schema: {
        tags: ['ledger'],
        summary: 'Entries of an account, newest first, with the balance after each',
        headers: operatorHeaders,
        params: z.object({ id: accountIdSchema }),
        querystring: statementQuerySchema,
        response: { 200: statementEnvelope },
      },
    },
    async (request) => {
      const { beforeId, limit } = request.query;
      const entries = await ledger.statement(BigInt(request.params.id), {
        beforeId: beforeId ? BigInt(beforeId) : null,
        limit,
      });
      return ok(request, {
        entries: entries.map((e) => ({
          entryId: e.id.toString(),
          transferId: e.transfer_id.toString(),
          kind: e.kind,
          amount: toSafeNumber(e.amount),
          balanceAfter: toSafeNumber(e.balance_after),
          counterpartyAccountId: e.counterparty_account_id.toString(),
          createdAt: new Date(e.created_at).toISOString(),
        })),
        nextBeforeId: entries.length === limit ? (entries.at(-1)?.id.toString() ?? null) : null,
      });
    },
  );
};
