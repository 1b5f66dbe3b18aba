import type { FastifyRequest } from 'fastify';
import { operatorScope } from '../plugins/operator-auth';
import { AppError } from './app-error';

/**
 * The merchant an operator call names, when the operator may see it: an operator limited to another
 * merchant is told it does not exist (404), as everywhere in the console.
 */
export function scopedMerchant<M extends string>(request: FastifyRequest, asked: M): M {
  const scope = operatorScope(request);
  if (scope !== null && scope !== asked) throw new AppError(404, 'NOT_FOUND');
  return asked;
}

/** A change for every merchant at once (a vendor, a wallet secret): not for an operator limited to one. */
export function requireAllMerchants(request: FastifyRequest): void {
  if (operatorScope(request) !== null) throw new AppError(403, 'ALL_MERCHANTS_ONLY');
}
