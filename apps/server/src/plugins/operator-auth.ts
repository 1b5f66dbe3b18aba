import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

/**
 * Guards the operator API until the operator console and its roles exist: the caller must send
 * `x-operator-key` equal to OPERATOR_API_KEY. With no key configured the operator API is closed.
 */
export async function requireOperator(request: FastifyRequest): Promise<void> {
  const expected = request.server.config.operatorApiKey;
  const given = request.headers['x-operator-key'];
  if (typeof given !== 'string' || given.length === 0) throw new AppError(401, 'UNAUTHORIZED');
  if (!expected) throw new AppError(403, 'FORBIDDEN');
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new AppError(403, 'FORBIDDEN');
}
