import type { Envelope } from '@sorte/shared';
import { ApiError } from '../../../lib/api-client';
import { endSession } from '../../../lib/session-store';
import { readStored, storageKeys } from '../../../lib/storage-keys';

/**
 * POSTs multipart/form-data (proof images) with the same headers and envelope handling as apiFetch,
 * which only speaks JSON and form-encoded bodies. The browser sets the multipart boundary itself.
 */
export async function apiUpload<T>(path: string, form: FormData, language: string): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', lang: language };
  const token = readStored(sessionStorage, storageKeys.token);
  if (token) headers.authorization = `Bearer ${token}`;
  const merchantCode = readStored(localStorage, storageKeys.merchantCode);
  if (merchantCode) headers.merchantCode = merchantCode;
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers, body: form });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Network link is abnormal, please try again');
  }
  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope.success !== 'boolean')
    throw new ApiError(response.status, 'BAD_RESPONSE', 'Network link is abnormal, please try again');
  if (!response.ok || !envelope.success) {
    if (token && response.status === 401) endSession();
    throw new ApiError(response.status, envelope.code, envelope.message, envelope.value);
  }
  return envelope.value;
}
