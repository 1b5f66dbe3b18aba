import { envelopeOf, errorEnvelopeSchema } from '@sorte/shared';
import {
  acceptContractBodySchema,
  acceptRefusalEnvelope,
  acceptResultEnvelope,
  type ContractKind,
  consolidatedInfoEnvelope,
  contractEnvelope,
  contractIdParamsSchema,
  contractKindViewEnvelope,
  contractReadBodySchema,
  houseContractBodySchema,
  makeAgentBodySchema,
  memberIdParamsSchema,
  offerContractBodySchema,
  periodReportEnvelope,
  periodReportQuerySchema,
  processSettlementBodySchema,
  runReportEnvelope,
  settlementEnvelope,
  settlementListEnvelope,
  terminateContractBodySchema,
} from '@sorte/shared/contracts/agent-contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../plugins/errors';
import { operatorRoute } from '../../plugins/operator-auth';
import type { SessionMember } from '../auth/auth.service';
import type { ContractsService } from './contracts.service';
import { toSettlement } from './settlement.mapping';
import type { SettlementService } from './settlement.service';

const TRIAL_TYPE = 4;

/** Operator: a merchant's upline deadline (DECISIONS "the merchant's deadline"), 0 to 30 days. */
const deadlineBodySchema = z.strictObject({
  merchantCode: z.string().min(1).max(8),
  minutes: z.number().int().min(0).max(43_200),
});
const deadlineEnvelope = envelopeOf(deadlineBodySchema);

/** The signed-in member; trial accounts have no contracts (spec section 6). */
function callerOf(request: FastifyRequest) {
  const member = request.member as SessionMember;
  if (member.type === TRIAL_TYPE) throw new AppError(403, 'TRIAL_NOT_ALLOWED');
  return member;
}

/** The section 7 contract calls, one per kind. */
const kindPaths: Record<ContractKind, string> = {
  dividend: '/wps/relay/contracts/dividend',
  dailySalary: '/wps/relay/contracts/dailySalary',
  hourlySalary: '/wps/relay/contracts/hourlySalary',
  realtimeSalary: '/wps/relay/contracts/realtimeSalary',
};

const failures = {
  400: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** Agent contracts: consolidated info, one read per kind, offer/accept/reject/terminate, operator calls. */
export const contractsRoutes: FastifyPluginAsyncZod<{
  contracts: ContractsService;
  settlements: SettlementService;
}> = async (app, { contracts, settlements }) => {
  // Before validation: a caller without a session learns nothing about what a body should be.
  const member = { preValidation: app.authenticate };

  app.get(
    '/wps/member/info/funds/consolidated',
    {
      ...member,
      schema: { tags: ['contracts'], response: { 200: consolidatedInfoEnvelope, 403: errorEnvelopeSchema } },
    },
    async (request) => ok(request, await contracts.consolidated(callerOf(request))),
  );

  for (const [kind, path] of Object.entries(kindPaths) as [ContractKind, string][]) {
    app.post(
      path,
      {
        ...member,
        schema: {
          tags: ['contracts'],
          body: contractReadBodySchema.optional(),
          response: { 200: contractKindViewEnvelope, ...failures },
        },
      },
      async (request) => {
        const memberId = request.body?.memberId;
        return ok(
          request,
          await contracts.view(
            callerOf(request),
            kind,
            memberId === undefined ? undefined : BigInt(memberId),
          ),
        );
      },
    );
  }

  for (const [kind, path] of Object.entries(kindPaths) as [ContractKind, string][]) {
    // My income: what this kind of contract paid the caller or the caller owes, per period.
    app.post(
      `${path}/settlements`,
      { ...member, schema: { tags: ['contracts'], response: { 200: settlementListEnvelope, ...failures } } },
      async (request) => {
        const caller = callerOf(request);
        const rows = await settlements.ofMember(caller.id, kind);
        return ok(request, { content: rows.map((row) => toSettlement(row, caller.id)) });
      },
    );
    // Spec section 7: dividend request process, daily salary process (and the same for the others).
    app.post(
      `${path}/process`,
      {
        ...member,
        schema: {
          tags: ['contracts'],
          body: processSettlementBodySchema,
          response: { 200: settlementEnvelope, ...failures },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const row = await settlements.process(caller.id, BigInt(request.body.settlementId), kind);
        return ok(request, toSettlement(row, caller.id));
      },
    );
  }

  app.post(
    '/wps/agent/contracts/offer',
    {
      ...member,
      schema: {
        tags: ['contracts'],
        body: offerContractBodySchema,
        response: { 200: contractEnvelope, ...failures },
      },
    },
    async (request) =>
      ok(
        request,
        await contracts.offer(callerOf(request), BigInt(request.body.downlineId), request.body.terms),
      ),
  );

  app.post(
    '/wps/agent/contracts/:id/accept',
    {
      ...member,
      schema: {
        tags: ['contracts'],
        params: contractIdParamsSchema,
        body: acceptContractBodySchema.optional(),
        response: { 200: acceptResultEnvelope, ...failures, 409: acceptRefusalEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await contracts.accept(callerOf(request), BigInt(request.params.id), request.body?.confirm ?? false),
      ),
  );

  app.post(
    '/wps/agent/contracts/:id/reject',
    {
      ...member,
      schema: {
        tags: ['contracts'],
        params: contractIdParamsSchema,
        response: { 200: contractEnvelope, ...failures },
      },
    },
    async (request) => ok(request, await contracts.reject(callerOf(request), BigInt(request.params.id))),
  );

  app.post(
    '/wps/agent/contracts/:id/terminate',
    {
      ...member,
      schema: {
        tags: ['contracts'],
        params: contractIdParamsSchema,
        body: terminateContractBodySchema.optional(),
        response: { 200: contractEnvelope, ...failures },
      },
    },
    async (request) => ok(request, await contracts.terminate(callerOf(request), BigInt(request.params.id))),
  );

  const operator = operatorRoute('agents.manage');

  app.post(
    '/ops/agents/:memberId/type',
    { ...operator, schema: { tags: ['contracts'], params: memberIdParamsSchema, body: makeAgentBodySchema } },
    async (request) => {
      await contracts.makeAgent(BigInt(request.params.memberId), request.body.type);
      return ok(request, null);
    },
  );

  app.post(
    '/ops/agents/contracts',
    {
      ...operator,
      schema: {
        tags: ['contracts'],
        body: houseContractBodySchema,
        response: { 200: contractEnvelope, ...failures },
      },
    },
    async (request) =>
      ok(
        request,
        await contracts.offerFromHouse(
          request.operator?.name ?? 'operator',
          BigInt(request.body.agentId),
          request.body.terms,
        ),
      ),
  );

  // Operator: a period's settlement report, and a run now (it settles whatever is due, exactly once,
  // as the scheduled run does: a period already settled is found, never paid again).
  app.get(
    '/ops/agents/settlements',
    {
      ...operator,
      schema: {
        tags: ['contracts'],
        querystring: periodReportQuerySchema,
        response: { 200: periodReportEnvelope },
      },
    },
    async (request) => {
      const rows = await settlements.ofPeriod(request.query.periodKey, request.query.kind ?? null);
      const add = (into: Record<string, number>, currency: string, amount: bigint) => {
        into[currency] = (into[currency] ?? 0) + Number(amount);
      };
      const amountPaid: Record<string, number> = {};
      const amountOwed: Record<string, number> = {};
      for (const row of rows) {
        if (row.status === 'paid') add(amountPaid, row.currency, row.amount);
        if (row.status === 'owed') add(amountOwed, row.currency, row.amount);
      }
      return ok(request, {
        periodKey: request.query.periodKey,
        content: rows.map((row) => toSettlement(row, row.payee_id)),
        totals: {
          payables: rows.length,
          paid: rows.filter((r) => r.status === 'paid').length,
          owed: rows.filter((r) => r.status === 'owed').length,
          amountPaid,
          amountOwed,
        },
      });
    },
  );

  app.post(
    '/ops/agents/settlements/run',
    { ...operator, schema: { tags: ['contracts'], response: { 200: runReportEnvelope } } },
    async (request) => {
      await app.agents.rollups.catchUp();
      return ok(request, await settlements.runDue());
    },
  );

  // Operator: how long uplines of a merchant have to process what they owe before it is paid
  // automatically (the next run uses it, for payables already owed too).
  app.put(
    '/ops/agents/settlement-deadline',
    {
      ...operator,
      schema: { tags: ['contracts'], body: deadlineBodySchema, response: { 200: deadlineEnvelope } },
    },
    async (request) => {
      const { merchantCode, minutes } = request.body;
      if (!(await settlements.setUplineDeadline(merchantCode, minutes))) throw new AppError(404, 'NOT_FOUND');
      return ok(request, { merchantCode, minutes });
    },
  );
};
