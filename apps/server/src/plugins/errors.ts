import type { ErrorCode } from '@sorte/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { isConsolePage } from './console-app';
import { isSpaRequest } from './web';

type ValidationItem = {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
};

/** Turns a zod issue into a short localised reason, e.g. "must be a whole number". */
function reasonFor(request: FastifyRequest, item: ValidationItem): string {
  const t = request.t;
  const p = item.params;
  switch (item.keyword) {
    case 'invalid_type': {
      if (p.expected === 'int') return t('validation:not_integer');
      if (item.message?.includes('received undefined')) return t('validation:required');
      return t('validation:invalid_type', { expected: t(`validation:types.${String(p.expected)}`) });
    }
    case 'too_small': {
      const origin = ['string', 'array'].includes(String(p.origin)) ? String(p.origin) : 'number';
      if (origin === 'number' && p.inclusive !== false)
        return t('validation:too_small_number_inclusive', { minimum: p.minimum });
      return t(`validation:too_small_${origin}`, { minimum: p.minimum });
    }
    case 'too_big': {
      const origin = ['string', 'array'].includes(String(p.origin)) ? String(p.origin) : 'number';
      if (origin === 'number' && Number(p.maximum) >= Number.MAX_SAFE_INTEGER)
        return t('validation:unsafe_number');
      return t(`validation:too_big_${origin}`, { maximum: p.maximum });
    }
    case 'unrecognized_keys':
      return t('validation:unrecognized_keys');
    case 'invalid_value':
      return t('validation:invalid_value', {
        options: (p.values as unknown[] | undefined)?.join(', ') ?? '',
      });
    case 'invalid_format':
      return t('validation:invalid_format');
    default:
      return t('validation:invalid');
  }
}

function fieldOf(request: FastifyRequest, item: ValidationItem): string {
  const path = item.instancePath.split('/').filter(Boolean);
  // An unknown key is reported on its parent object; name the key itself.
  const keys = item.params.keys as string[] | undefined;
  if (item.keyword === 'unrecognized_keys' && keys?.length) path.push(keys.join(', '));
  return path.length ? path.join('.') : request.t('validation:body');
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  params: Record<string, unknown> = {},
  value: Record<string, unknown> | null = null,
) {
  return reply
    .status(status)
    .send({ success: false, code, message: request.t(`errors:${code}`, params), value });
}

/**
 * One error handler for the whole API: every failure leaves as an envelope with a stable code and a
 * message in the caller's language. Unknown errors are logged with the request id and answered with
 * a generic 500 that leaks nothing.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        const { reasonKey, reasonParams, ...value } = error.details ?? {};
        const params = reasonKey
          ? { ...error.params, reason: request.t(String(reasonKey), reasonParams as Record<string, unknown>) }
          : error.params;
        return sendError(request, reply, error.status, error.code, params, error.details ? value : null);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const items = error.validation as unknown as ValidationItem[];
        const issues = items.map((item) => ({
          field: fieldOf(request, item),
          message: reasonFor(request, item),
        }));
        const first = issues[0] as { field: string; message: string };
        const message =
          issues.length === 1
            ? request.t('errors:VALIDATION_FAILED', { field: first.field, reason: first.message })
            : request.t('errors:VALIDATION_FAILED_MANY', {
                count: issues.length,
                field: first.field,
                reason: first.message,
              });
        return reply.status(400).send({
          success: false,
          code: 'VALIDATION_FAILED',
          message,
          value: { field: first.field, issues },
        });
      }
      switch (error.code) {
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return sendError(request, reply, 413, 'BODY_TOO_LARGE', { limit: app.initialConfig.bodyLimit });
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return sendError(request, reply, 415, 'UNSUPPORTED_MEDIA_TYPE', {
            type: request.headers['content-type'] ?? '',
          });
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
          return sendError(request, reply, 400, 'MALFORMED_JSON');
      }
      if (error instanceof SyntaxError && error.statusCode === 400) {
        return sendError(request, reply, 400, 'MALFORMED_JSON');
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const code: ErrorCode =
          status === 401
            ? 'UNAUTHORIZED'
            : status === 403
              ? 'FORBIDDEN'
              : status === 404
                ? 'NOT_FOUND'
                : status === 405
                  ? 'METHOD_NOT_ALLOWED'
                  : status === 409
                    ? 'CONFLICT'
                    : status === 429
                      ? 'TOO_MANY_REQUESTS'
                      : 'BAD_REQUEST';
        return sendError(request, reply, status, code, { minutes: 5 });
      }
      request.log.error({ err: error, requestId: request.id }, 'unhandled error');
      return sendError(request, reply, 500, 'INTERNAL_ERROR', {}, { requestId: request.id });
    });

    app.setNotFoundHandler((request, reply) => {
      // Page routes of the client routers are answered by the console or the web app when served.
      if (app.sendConsoleApp && isConsolePage(request)) return app.sendConsoleApp(reply);
      if (app.sendWebApp && isSpaRequest(request)) return app.sendWebApp(request, reply);
      return sendError(request, reply, 404, 'NOT_FOUND');
    });
  },
  { name: 'errors', dependencies: ['i18n', 'web', 'console-app'] },
);

/**
 * The `OK` message by translator (one per language, fixed for the life of the app): translated once,
 * not by i18next on every answer.
 */
const okMessages = new WeakMap<FastifyRequest['t'], string>();

/** The success envelope. */
export function ok<T>(request: FastifyRequest, value: T) {
  let message = okMessages.get(request.t);
  if (message === undefined) {
    message = request.t('errors:OK');
    okMessages.set(request.t, message);
  }
  return { success: true as const, code: 'OK', message, value };
}
