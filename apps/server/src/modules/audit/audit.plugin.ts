import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AuditRepository } from './audit.repository';

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditRepository;
  }
  interface FastifyContextConfig {
    /** Reads what an operator write is about to change, for the audit log's "before". */
    auditBefore?: (request: FastifyRequest) => Promise<unknown>;
    /** A POST that changes nothing (a preview): not a write, so not in the audit log. */
    readOnly?: boolean;
  }
  interface FastifyRequest {
    /** Set by the audit plugin from the route's auditBefore, before the handler runs. */
    auditBefore?: unknown;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Body fields never written to the log, at any depth (second-factor codes and challenges too). */
const SECRET = /secret|password|passwd|token|api[-_]?key|private|challenge|recovery|^code$/i;

function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  if (value === null || typeof value !== 'object') return value;
  // A file or a stream (an upload) is not written out: only that there was one.
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return '[not JSON]';
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, v]) => [
      key,
      SECRET.test(key) ? '[redacted]' : redacted(v),
    ]),
  );
}

function merchantOf(request: FastifyRequest): string | null {
  for (const source of [request.params, request.body, request.query]) {
    const code = (source as Record<string, unknown> | undefined)?.merchantCode;
    if (typeof code === 'string') return code;
  }
  return null;
}

/**
 * Every operator write that succeeded (a call an operator guard let through, answered below 400) is
 * appended to the hash-chained audit log before its answer leaves: who (the key's name and roles),
 * from where, the route and its target, what was sent (secrets redacted), and, where the route
 * names a reader (config.auditBefore), what it changed as it was before. `npm run
 * audit:verify` checks the chain.
 */
export const auditPlugin = fp(
  async (app) => {
    app.decorate('audit', new AuditRepository(app.db));
    // After the guard and validation, before the handler: the state the write is about to change.
    // A reader that fails (e.g. the target does not exist) leaves it unknown; the handler answers.
    // Not async: it runs on every request (the lobby's too) and nearly all have nothing to read.
    app.addHook('preHandler', (request: FastifyRequest, _reply, done) => {
      const read = request.routeOptions.config?.auditBefore;
      if (!read || !request.operator || !WRITES.has(request.method)) return done();
      read(request)
        .catch(() => undefined)
        .then((before) => {
          request.auditBefore = before;
          done();
        });
    });
    // Not async either, for the same reason: only an operator's successful write waits for the log.
    app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
      const operator = request.operator;
      if (
        !operator ||
        !WRITES.has(request.method) ||
        request.routeOptions.config?.readOnly ||
        reply.statusCode >= 400
      )
        return done(null, payload);
      app.audit
        .append({
          at: new Date(),
          actor: operator.name,
          roles: operator.roles,
          ip: request.ip,
          merchant: merchantOf(request),
          action: `${request.method} ${request.routeOptions.url ?? request.url}`,
          target: request.params ?? {},
          detail: redacted(request.body ?? null),
          status: reply.statusCode,
          before: request.auditBefore === undefined ? undefined : redacted(request.auditBefore),
        })
        .then(
          () => done(null, payload),
          (error: unknown) => done(error as Error),
        );
    });
  },
  { name: 'audit', dependencies: ['database', 'operator-auth'] },
);
