import { findUnsafeText } from '@sorte/shared';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/**
 * The shared text rule (packages/shared/src/text.ts: no NUL, no lone surrogate) on every string of
 * every route's path parameters, query and parsed body: a 400 naming the field, never a database
 * error. Root hooks, so no route can be left out: before validation (the message names the rule,
 * not a format), and again before the handler for a body a route's own step decrypted after the
 * first check. A context with its own error handler (the vendor wallet) answers in its own form.
 */
function refuseUnsafeText(request: FastifyRequest): void {
  for (const part of [request.params, request.query, request.body]) {
    const path = findUnsafeText(part);
    if (path)
      throw AppError.field(
        path.length ? path.join('.') : request.t('validation:body'),
        'validation:unsafe_text',
      );
  }
}

export const inputTextPlugin = fp(
  async (app) => {
    // Plain hooks (no promise per request): they run on every request.
    app.addHook('preValidation', (request, _reply, done) => {
      try {
        refuseUnsafeText(request);
      } catch (error) {
        return done(error as Error);
      }
      done();
    });
    app.addHook('preHandler', (request, _reply, done) => {
      try {
        if (request.routeOptions.config.encryptedBody) refuseUnsafeText(request);
      } catch (error) {
        return done(error as Error);
      }
      done();
    });
  },
  { name: 'input-text', dependencies: ['i18n'] },
);
