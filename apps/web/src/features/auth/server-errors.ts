import { ApiError } from '../../lib/api-client';

/**
 * A 400 VALIDATION_FAILED names the field in value.field and reads "<field>: <reason>". Under the
 * field itself the field name is noise, so only the reason is shown there.
 */
export function fieldErrorOf(error: unknown): { field: string; message: string } | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return null;
  const field = (error.value as { field?: unknown } | null)?.field;
  if (typeof field !== 'string' || !field) return null;
  const prefix = `${field}: `;
  return {
    field,
    message: error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message,
  };
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function errorValueOf<T = Record<string, unknown>>(error: unknown): Partial<T> {
  return error instanceof ApiError && error.value && typeof error.value === 'object'
    ? (error.value as Partial<T>)
    : {};
}
