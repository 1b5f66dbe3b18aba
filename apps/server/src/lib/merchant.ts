import { type Merchant, merchantByCode } from '@sorte/shared';
import type { FastifyRequest } from 'fastify';

/**
 * The merchant a request belongs to (spec section 1): the one configured for the domain, else the
 * client's stored choice (`merchantCode` header or query, spec section 3), else Brazil.
 */
export function merchantOf(request: FastifyRequest): Merchant {
  if (request.merchantFromDomain) return request.merchantFromDomain;
  const header = request.headers.merchantcode ?? request.headers.merchant;
  const query = (request.query as Record<string, unknown> | undefined)?.merchantCode;
  const code =
    (Array.isArray(header) ? header[0] : header) ?? (typeof query === 'string' ? query : undefined);
  return merchantByCode(code?.toUpperCase());
}
