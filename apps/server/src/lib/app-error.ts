import type { ErrorCode } from '@sorte/shared';

/**
 * An error a caller can act on. Services throw it; the error plugin turns it into an envelope
 * with the right HTTP status and a message in the caller's language (`errors.<code>`).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly params: Record<string, unknown> = {},
    readonly details: Record<string, unknown> | null = null,
  ) {
    super(code);
    this.name = 'AppError';
  }

  /** Fastify's name for the status: error handlers of other contexts (the vendor wallet) read it. */
  get statusCode(): number {
    return this.status;
  }

  /**
   * A 400 naming one field, with a reason from a catalog (e.g. `auth:confirmMismatch`), so the
   * message reads "<field>: <reason>" in the caller's language and value.field names the field.
   */
  static field(field: string, reasonKey: string, reasonParams: Record<string, unknown> = {}) {
    return new AppError(400, 'VALIDATION_FAILED', { field }, { field, reasonKey, reasonParams });
  }
}

/**
 * 429 for a throttle: the message names the wait in minutes (at least one, spec section 8: "too many
 * requests, retry after …") and the value carries it in seconds for clients that count down.
 */
export const tooManyRequests = (waitMs: number) =>
  new AppError(
    429,
    'TOO_MANY_REQUESTS',
    { minutes: Math.max(1, Math.ceil(waitMs / 60_000)) },
    { retryAfterSeconds: Math.ceil(waitMs / 1000) },
  );

export const badRequest = (code: ErrorCode, params?: Record<string, unknown>) =>
  new AppError(400, code, params);
export const unauthorized = () => new AppError(401, 'UNAUTHORIZED');
export const forbidden = () => new AppError(403, 'FORBIDDEN');
export const notFound = (code: ErrorCode = 'NOT_FOUND') => new AppError(404, code);
export const conflict = (code: ErrorCode, params?: Record<string, unknown>) =>
  new AppError(409, code, params);
