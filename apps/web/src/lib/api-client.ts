import type { Envelope } from '@sorte/shared';
import { endSession, requirePasswordChange } from './session-store';
import { readStored, storageKeys, writeStored } from './storage-keys';

/** A failed call, carrying the server's stable code and its message in the user's language. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly value: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Sent form-encoded (application/x-www-form-urlencoded) instead of JSON, for the calls the spec marks so. */
  form?: Record<string, string>;
  signal?: AbortSignal;
  language: string;
};

/** This browser's random id (made once, kept in local storage); null where storage is unavailable. */
function deviceId(): string | null {
  if (typeof localStorage === 'undefined') return null;
  let id = readStored(localStorage, storageKeys.deviceId);
  if (!id || !/^[\w-]{16,64}$/.test(id)) {
    const bytes = new Uint8Array(16);
    globalThis.crypto?.getRandomValues(bytes);
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    writeStored(localStorage, storageKeys.deviceId, id);
  }
  return id;
}

/**
 * Calls the API and unwraps the envelope `{ success, code, message, value }`. Sends the language
 * so messages come back translated, the merchant the visitor chose, and the session token when
 * there is one. A 401 to a call that carried a token means the session is over (expired, or ended
 * elsewhere): the session is dropped so the page shows the visitor as signed out.
 */
export async function apiFetch<T>(path: string, request: ApiRequest): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', lang: request.language };
  const token = typeof sessionStorage === 'undefined' ? null : readStored(sessionStorage, storageKeys.token);
  if (token) headers.authorization = `Bearer ${token}`;
  const merchantCode =
    typeof localStorage === 'undefined' ? null : readStored(localStorage, storageKeys.merchantCode);
  if (merchantCode) headers.merchantCode = merchantCode;
  const device = deviceId();
  if (device) headers['x-device-id'] = device;
  let body: string | undefined;
  if (request.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  } else if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  let response: Response;
  try {
    response = await fetch(path, { method: request.method ?? 'GET', headers, body, signal: request.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Network link is abnormal, please try again');
  }
  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope.success !== 'boolean') {
    throw new ApiError(response.status, 'BAD_RESPONSE', 'Network link is abnormal, please try again');
  }
  if (!response.ok || !envelope.success) {
    if (token && response.status === 401) endSession();
    if (token && response.status === 403 && envelope.code === 'PASSWORD_CHANGE_REQUIRED')
      requirePasswordChange();
    throw new ApiError(response.status, envelope.code, envelope.message, envelope.value);
  }
  return envelope.value;
}
