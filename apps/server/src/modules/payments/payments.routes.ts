import fastifyMultipart from '@fastify/multipart';
import {
  bindPayeeBodySchema,
  createDepositBodySchema,
  createWithdrawalBodySchema,
  depositOrderEnvelope,
  depositOrderPageEnvelope,
  depositOrderParamsSchema,
  payeeAccountEnvelope,
  payeeAccountParamsSchema,
  payeeAccountsEnvelope,
  paymentChannelsEnvelope,
  paymentPageQuerySchema,
  proofMaxBytes,
  proofMaxFiles,
  unbindPayeeBodySchema,
  updatePayeeBodySchema,
  withdrawalConfirmationFieldsSchema,
  withdrawalEnvelope,
  withdrawalPageEnvelope,
  withdrawalParamsSchema,
} from '@sorte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../plugins/errors';
import type { SessionMember } from '../auth/auth.service';
import type { Payments } from './payments-services';

const memberOf = (request: FastifyRequest) => request.member as SessionMember;

/** Reads a confirmation sent as multipart/form-data: fields, and the proof files as bytes. */
async function readMultipartConfirmation(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const files: Array<{ bytes: Buffer }> = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'proofs') {
          await part.toBuffer();
          throw AppError.field(part.fieldname, 'validation:unrecognized_keys');
        }
        files.push({ bytes: await part.toBuffer() });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    switch ((error as { code?: string }).code) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw new AppError(
          413,
          'PROOF_TOO_LARGE',
          { megabytes: proofMaxBytes / 1024 / 1024 },
          { field: 'proofs' },
        );
      case 'FST_FILES_LIMIT':
        throw new AppError(400, 'PROOF_TOO_MANY', { max: proofMaxFiles }, { field: 'proofs' });
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        throw new AppError(400, 'BAD_REQUEST');
    }
    if (error instanceof AppError) throw error;
    // Anything else the parser throws is a body that is not multipart as it claims (no boundary,
    // cut short, broken part headers): the caller's mistake, not ours.
    throw new AppError(400, 'BAD_REQUEST');
  }
  return { fields, files };
}

function parseConfirmationFields(raw: unknown) {
  const parsed = withdrawalConfirmationFieldsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'state';
    throw AppError.field(field, 'validation:invalid');
  }
  return parsed.data;
}

/**
 * The member's deposit and withdraw pages (spec sections 2–5), under the relay family. Every call
 * needs a session; trial members are refused (TRIAL_NOT_ALLOWED). Ids of other members' orders,
 * accounts and withdrawals answer 404 exactly like unknown ones.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: Payments }> = async (app, { payments }) => {
  // Encapsulated here: only the confirmation call takes multipart bodies. One more file than allowed
  // is parsed so that "too many" is told as such; bigger files stop at the size limit.
  await app.register(fastifyMultipart, {
    limits: { fileSize: proofMaxBytes, files: proofMaxFiles + 1, fields: 4, fieldSize: 64, parts: 8 },
  });

  const auth = { preHandler: app.authenticate };

  app.get(
    '/wps/relay/deposit/channels',
    { ...auth, schema: { tags: ['payments'], response: { 200: paymentChannelsEnvelope } } },
    async (request) => ok(request, await payments.channels.channels(memberOf(request), 'deposit')),
  );

  app.post(
    '/wps/relay/deposit',
    {
      ...auth,
      schema: { tags: ['payments'], body: createDepositBodySchema, response: { 200: depositOrderEnvelope } },
    },
    async (request) => ok(request, await payments.deposits.createDeposit(memberOf(request), request.body)),
  );

  app.get(
    '/wps/relay/deposit/orders',
    {
      ...auth,
      schema: {
        tags: ['payments'],
        querystring: paymentPageQuerySchema,
        response: { 200: depositOrderPageEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await payments.deposits.listDeposits(memberOf(request), request.query.pageNo, request.query.pageSize),
      ),
  );

  app.get(
    '/wps/relay/deposit/orders/:orderId',
    {
      ...auth,
      schema: {
        tags: ['payments'],
        params: depositOrderParamsSchema,
        response: { 200: depositOrderEnvelope },
      },
    },
    async (request) =>
      ok(request, await payments.deposits.getDeposit(memberOf(request), request.params.orderId)),
  );

  app.get(
    '/wps/relay/payeeAccounts',
    { ...auth, schema: { tags: ['payments'], response: { 200: payeeAccountsEnvelope } } },
    async (request) => ok(request, await payments.payees.listPayees(memberOf(request))),
  );

  app.post(
    '/wps/relay/payeeAccounts',
    {
      ...auth,
      schema: { tags: ['payments'], body: bindPayeeBodySchema, response: { 200: payeeAccountEnvelope } },
    },
    async (request) => ok(request, await payments.payees.bindPayee(memberOf(request), request.body)),
  );

  app.put(
    '/wps/relay/payeeAccounts/:id',
    {
      ...auth,
      schema: {
        tags: ['payments'],
        params: payeeAccountParamsSchema,
        body: updatePayeeBodySchema,
        response: { 200: payeeAccountEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await payments.payees.updatePayee(memberOf(request), BigInt(request.params.id), request.body),
      ),
  );

  app.post(
    '/wps/relay/payeeAccounts/:id/unbind',
    {
      ...auth,
      schema: { tags: ['payments'], params: payeeAccountParamsSchema, body: unbindPayeeBodySchema },
    },
    async (request) => {
      await payments.payees.unbindPayee(
        memberOf(request),
        BigInt(request.params.id),
        request.body.paymentPassword,
      );
      return ok(request, null);
    },
  );

  app.get(
    '/wps/relay/withdraw/channels',
    { ...auth, schema: { tags: ['payments'], response: { 200: paymentChannelsEnvelope } } },
    async (request) => ok(request, await payments.channels.channels(memberOf(request), 'withdraw')),
  );

  app.post(
    '/wps/relay/withdraw',
    {
      ...auth,
      schema: { tags: ['payments'], body: createWithdrawalBodySchema, response: { 200: withdrawalEnvelope } },
    },
    async (request) =>
      ok(request, await payments.withdrawals.createWithdrawal(memberOf(request), request.body)),
  );

  app.get(
    '/wps/relay/withdraw/orders',
    {
      ...auth,
      schema: {
        tags: ['payments'],
        querystring: paymentPageQuerySchema,
        response: { 200: withdrawalPageEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await payments.withdrawals.listWithdrawals(
          memberOf(request),
          request.query.pageNo,
          request.query.pageSize,
        ),
      ),
  );

  app.get(
    '/wps/relay/withdraw/orders/:withdrawalId',
    {
      ...auth,
      schema: { tags: ['payments'], params: withdrawalParamsSchema, response: { 200: withdrawalEnvelope } },
    },
    async (request) =>
      ok(request, await payments.withdrawals.getWithdrawal(memberOf(request), request.params.withdrawalId)),
  );

  app.post(
    '/wps/relay/withdraw/orders/:withdrawalId/confirmation',
    {
      ...auth,
      schema: {
        tags: ['payments'],
        description:
          'JSON {state, receivedAmount?} or multipart/form-data with fields state, receivedAmount and files ' +
          '"proofs" (PNG or JPEG by content, ≤ 5 MB each, ≤ 3 per withdrawal).',
        params: withdrawalParamsSchema,
        response: { 200: withdrawalEnvelope },
      },
    },
    async (request) => {
      const { fields, files } = request.isMultipart()
        ? await readMultipartConfirmation(request)
        : { fields: request.body, files: [] };
      return ok(
        request,
        await payments.withdrawals.confirmWithdrawal(
          memberOf(request),
          request.params.withdrawalId,
          parseConfirmationFields(fields ?? {}),
          files,
        ),
      );
    },
  );
};
