import { errorEnvelopeSchema } from '@sorte/shared';
import { agentRegisterBodySchema, agentRegisterEnvelope } from '@sorte/shared/contracts/agent-register';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/errors';
import type { SessionMember } from '../auth/auth.service';
import { RegisterCentreRepository } from './register-centre.repository';
import { RegisterCentreService } from './register-centre.service';

const routes: FastifyPluginAsyncZod<{ service: RegisterCentreService }> = async (app, { service }) => {
  app.post(
    '/wps/agent/register',
    {
      // Before validation: a caller without a session learns nothing about the body.
      preValidation: app.authenticate,
      schema: {
        tags: ['agent'],
        summary: 'Register centre: a new direct downline member or agent with the default password',
        body: agentRegisterBodySchema,
        response: {
          200: agentRegisterEnvelope,
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      ok(request, await service.register(request.member as SessionMember, request.body, request.ip)),
  );
};

/** The agent centre's register centre (spec section 2); needs auth, the ledger and contracts. */
export const registerCentreModule = fp(
  async (app) => {
    const service = new RegisterCentreService(
      new RegisterCentreRepository(app.db),
      app.auth,
      app.authRepository,
      app.ledger,
      app.contracts,
    );
    await app.register(routes, { service });
  },
  { name: 'agents-register-centre', dependencies: ['auth', 'ledger', 'contracts'] },
);
