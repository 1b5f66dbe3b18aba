import type { Envelope } from '@sorte/shared/envelope';
import { currentLanguage, i18n } from './i18n';

/** A call that did not succeed: the server's localised `message`, or ours when there was no answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export const isSignedOutError = (error: unknown) => error instanceof ApiError && error.status === 401;

type Query = Record<string, string | number | null | undefined>;

type CallOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  /** Sent as JSON. A call without a body sends no content-type (the server refuses an empty JSON body). */
  body?: unknown;
  signal?: AbortSignal;
};

/** `path?a=1&b=2`, leaving out empty values. */
export function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Calls the API on this site (the session is an HttpOnly cookie) and returns the envelope's `value`.
 * Throws ApiError when the answer is not a success: its message is the server's, already in the
 * console's language (sent as `accept-language`).
 */
export async function callApi<T>(path: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': currentLanguage(),
  };
  const init: RequestInit = { method: options.method ?? 'GET', credentials: 'same-origin', headers };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', i18n.t('errors.network'));
  }
  let envelope: Partial<Envelope<T>> | null = null;
  try {
    envelope = (await response.json()) as Partial<Envelope<T>>;
  } catch {}
  if (response.ok && envelope?.success === true) return envelope.value as T;
  throw new ApiError(
    response.status,
    typeof envelope?.code === 'string' ? envelope.code : 'HTTP_ERROR',
    typeof envelope?.message === 'string' && envelope.message
      ? envelope.message
      : i18n.t('errors.unexpected', { status: response.status }),
  );
}

/** The message to show for a failed call. */
export const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : i18n.t('errors.unexpected', { status: '?' });

/** The shape of every paged list the console reads. */
export type Page<T> = { content: T[]; pageNum: number; totalPages: number; total: number };
