import { type Merchant, smsNoLoginBodySchema, smsRegisterBodySchema, smsSentEnvelope } from '@sorte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { merchantOf } from '../../lib/merchant';
import { ok } from '../../plugins/errors';
import type { AuthService } from '../auth/auth.service';
import type { SandboxEmailProvider } from '../email/email-provider';
import type { SandboxSmsProvider } from './sms-provider';
import { internationalNumber, nationalNumber, type VerificationService } from './verification.service';

/**
 * A national mobile number of the merchant's country, within the configured length, typed with or
 * without the country's dialing code: the same phone is always the same number (and one limit).
 */
async function checkedMobile(auth: AuthService, merchant: Merchant, mobile: string): Promise<string> {
  const rule = (await auth.getSettings(merchant)).registerRules.mobileNum;
  const national = nationalNumber(merchant, mobile, rule?.minLength ?? 10, rule?.maxLength ?? 11);
  if (!national) throw AppError.field('mobileNum', 'auth:invalidMobile');
  return national;
}

export const verificationRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  verification: VerificationService;
  sandbox: SandboxSmsProvider;
  emailSandbox: SandboxEmailProvider;
  exposeOutbox: boolean;
}> = async (app, { auth, verification, sandbox, emailSandbox, exposeOutbox }) => {
  app.post(
    '/wps/verification/sms/noLogin',
    { schema: { tags: ['verification'], body: smsNoLoginBodySchema, response: { 200: smsSentEnvelope } } },
    async (request) => {
      const merchant = merchantOf(request);
      const mobile = await checkedMobile(auth, merchant, request.body.mobileNum);
      return ok(request, await verification.sendCode(merchant, mobile, request.body.purpose, request.ip));
    },
  );

  app.post(
    '/wps/verification/sms/register',
    { schema: { tags: ['verification'], body: smsRegisterBodySchema, response: { 200: smsSentEnvelope } } },
    async (request) => {
      const merchant = merchantOf(request);
      const mobile = await checkedMobile(auth, merchant, request.body.mobileNo);
      return ok(request, await verification.sendCode(merchant, mobile, 'register', request.ip));
    },
  );

  // Development only: read what the sandbox "sent", since no phone receives it.
  if (exposeOutbox) {
    app.get(
      '/dev/sms-outbox',
      { schema: { hide: true, querystring: z.object({ mobile: z.string().regex(/^\d{8,15}$/) }) } },
      async (request) => {
        const merchant = merchantOf(request);
        const latest = await sandbox.latest(internationalNumber(merchant, request.query.mobile));
        return ok(
          request,
          latest ? { body: latest.body, sentAt: new Date(latest.created_at).toISOString() } : null,
        );
      },
    );
    app.get(
      '/dev/email-outbox',
      { schema: { hide: true, querystring: z.object({ to: z.string().email().max(128) }) } },
      async (request) => {
        const latest = await emailSandbox.latest(request.query.to);
        return ok(
          request,
          latest
            ? {
                subject: latest.subject,
                body: latest.body,
                sentAt: new Date(latest.created_at).toISOString(),
              }
            : null,
        );
      },
    );
  }
};
