import {
  affiliateQuerySchema,
  captchaEnvelope,
  changePasswordBodySchema,
  freePlayBodySchema,
  loginBodySchema,
  loginEnvelope,
  memberInfoEnvelope,
  powChallengeEnvelope,
  registerBodySchema,
  registerMobileBodySchema,
  resetByEmailBodySchema,
  resetBySmsBodySchema,
  resetWithTokenBodySchema,
  secondVerificationCompleteBodySchema,
  secondVerificationSendBodySchema,
  smsSentEnvelope,
  unlockBodySchema,
  unlockSendBodySchema,
} from '@sorte/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { merchantOf } from '../../lib/merchant';
import { enforceLimit } from '../../lib/rate-limiter';
import { ok } from '../../plugins/errors';
import type { AuthService, SessionMember } from './auth.service';
import type { CaptchaService } from './captcha.service';
import type { ProofOfWorkService } from './proof-of-work.service';
import type { RecoveryService } from './recovery.service';

/** The web app keeps a random id per browser and sends it, so sign-up limits can count devices. */
const deviceIdOf = (request: FastifyRequest) => {
  const id = request.headers['x-device-id'];
  return typeof id === 'string' && /^[\w-]{16,64}$/.test(id) ? id : null;
};

const callerOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
  deviceId: deviceIdOf(request),
});

/** Sign-up settings, registration, sign-in, sign-out and the member's own info (spec sections 3–7). */
export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  captchas: CaptchaService;
  pow: ProofOfWorkService;
  recovery: RecoveryService;
}> = async (app, { auth, captchas, pow, recovery }) => {
  app.get('/wps/system/whitelabel', { schema: { tags: ['auth'] } }, async (request) => {
    const settings = await auth.getSettings(merchantOf(request));
    return ok(request, settings.whitelabel);
  });

  app.get('/wps/system/setting/register', { schema: { tags: ['auth'] } }, async (request) => {
    const settings = await auth.getSettings(merchantOf(request));
    return ok(request, { fields: settings.registerRules, minimumAge: settings.minimumAge });
  });

  app.get(
    '/wps/captcha',
    { schema: { tags: ['auth'], response: { 200: captchaEnvelope } } },
    async (request) => {
      // Spec section 9: captcha refresh at most once a second.
      await enforceLimit(app.rateLimiter, `captcha:${request.ip}`, 1, 1_000);
      return ok(request, await captchas.create());
    },
  );

  app.get(
    '/wps/captcha/pow',
    { schema: { tags: ['auth'], response: { 200: powChallengeEnvelope } } },
    async (request) => {
      // Cheap to make, but not free: a generous cap per address keeps it from being a flood target.
      await enforceLimit(app.rateLimiter, `pow:${request.ip}`, 120, 60_000);
      return ok(request, await pow.create());
    },
  );

  app.put(
    '/wps/member/register',
    {
      config: { encryptedBody: true },
      schema: { tags: ['auth'], body: registerBodySchema, response: { 200: loginEnvelope } },
    },
    async (request) =>
      ok(request, await auth.registerByUsername(merchantOf(request), request.body, callerOf(request))),
  );

  app.post(
    '/wps/session/login',
    {
      config: { encryptedBody: true },
      schema: { tags: ['auth'], body: loginBodySchema, response: { 200: loginEnvelope } },
    },
    async (request) => ok(request, await auth.login(merchantOf(request), request.body, callerOf(request))),
  );

  app.put(
    '/wps/member/register/mobile',
    {
      config: { encryptedBody: true },
      schema: { tags: ['auth'], body: registerMobileBodySchema, response: { 200: loginEnvelope } },
    },
    async (request) =>
      ok(request, await auth.registerByMobile(merchantOf(request), request.body, callerOf(request))),
  );

  app.post(
    '/wps/member/password/verification',
    { config: { encryptedBody: true }, schema: { tags: ['auth'], body: resetBySmsBodySchema } },
    async (request) => {
      await auth.resetPasswordBySms(merchantOf(request), request.body, callerOf(request));
      return ok(request, null);
    },
  );

  // The forgot-password form posts form-encoded fields (spec section 7); JSON is accepted too.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    '/wps/member/password/email',
    { schema: { tags: ['auth'], body: resetByEmailBodySchema } },
    async (request) => {
      await recovery.requestEmailReset(merchantOf(request), request.body, callerOf(request));
      return ok(request, null);
    },
  );

  app.post(
    '/wps/member/password/reset',
    { config: { encryptedBody: true }, schema: { tags: ['auth'], body: resetWithTokenBodySchema } },
    async (request) => {
      await recovery.resetWithToken(merchantOf(request), request.body);
      return ok(request, null);
    },
  );

  app.post(
    '/wps/member/unlock/send',
    { schema: { tags: ['auth'], body: unlockSendBodySchema } },
    async (request) => {
      await recovery.sendUnlockCode(merchantOf(request), request.body, callerOf(request));
      return ok(request, null);
    },
  );

  app.post('/wps/member/unlock', { schema: { tags: ['auth'], body: unlockBodySchema } }, async (request) => {
    await recovery.unlock(merchantOf(request), request.body, callerOf(request));
    return ok(request, null);
  });

  app.post(
    '/wps/session/login/verification/send',
    {
      schema: { tags: ['auth'], body: secondVerificationSendBodySchema, response: { 200: smsSentEnvelope } },
    },
    async (request) =>
      ok(
        request,
        await auth.sendSecondVerificationCode(merchantOf(request), request.body, callerOf(request)),
      ),
  );

  app.post(
    '/wps/session/login/verification',
    {
      schema: {
        tags: ['auth'],
        body: secondVerificationCompleteBodySchema,
        response: { 200: loginEnvelope },
      },
    },
    async (request) =>
      ok(
        request,
        await auth.completeSecondVerification(merchantOf(request), request.body, callerOf(request)),
      ),
  );

  app.get(
    '/wps/agent/affiliate',
    { schema: { tags: ['auth'], querystring: affiliateQuerySchema } },
    async (request) => {
      await auth.checkAffiliateCode(merchantOf(request), request.query.code);
      return ok(request, null);
    },
  );

  app.post(
    '/wps/session/login/freeplay',
    { schema: { tags: ['auth'], body: freePlayBodySchema, response: { 200: loginEnvelope } } },
    async (request) => ok(request, await auth.freePlay(merchantOf(request), callerOf(request))),
  );

  app.post(
    '/wps/member/password',
    {
      preHandler: app.authenticate,
      config: { allowPendingPasswordChange: true, encryptedBody: true },
      schema: { tags: ['auth'], body: changePasswordBodySchema },
    },
    async (request) => {
      await auth.changePassword(request.member as SessionMember, request.body);
      return ok(request, null);
    },
  );

  app.delete(
    '/wps/session/logout',
    {
      preHandler: app.authenticate,
      config: { allowPendingPasswordChange: true },
      schema: {
        tags: ['auth'],
        response: {
          200: z.object({ success: z.boolean(), code: z.string(), message: z.string(), value: z.null() }),
        },
      },
    },
    async (request) => {
      await auth.logout((request.member as SessionMember).sessionTokenHash);
      return ok(request, null);
    },
  );

  app.get(
    '/wps/member/info',
    {
      preHandler: app.authenticate,
      config: { allowPendingPasswordChange: true },
      schema: { tags: ['auth'], response: { 200: memberInfoEnvelope } },
    },
    async (request) => ok(request, await auth.memberInfo(request.member as SessionMember)),
  );
};
