import {
  type EncryptedBody,
  encryptPayload,
  type ImportedPayloadKey,
  importPayloadPublicKey,
  type PayloadPublicKey,
} from '@sorte/shared';
import { ApiError, type ApiRequest, apiFetch } from './api-client';

/**
 * Encrypted calls (spec section 7: login, register, register by mobile, password change, password
 * reset by SMS). The body goes as `{ encryptedPayload }`, sealed with the server's published key
 * (GET /wps/system/publicKey, fetched once and kept for the page's life).
 */
type ServerKey = { keyId: string; key: ImportedPayloadKey };

let serverKey: Promise<ServerKey> | null = null;

/** WebCrypto exists only in secure contexts (https, localhost). */
export const canEncrypt = () => typeof globalThis.crypto?.subtle?.importKey === 'function';

function loadServerKey(language: string): Promise<ServerKey> {
  if (!serverKey) {
    const loading = apiFetch<PayloadPublicKey>('/wps/system/publicKey', { language }).then(
      async (published) => ({ keyId: published.keyId, key: await importPayloadPublicKey(published.jwk) }),
    );
    serverKey = loading;
    // A failed fetch is not kept: the next call tries again.
    loading.catch(() => {
      if (serverKey === loading) serverKey = null;
    });
  }
  return serverKey;
}

/** Drops the cached key, e.g. after the server answered DECRYPTION_FAILED (its key changed). */
export function forgetServerKey(): void {
  serverKey = null;
}

/**
 * The body to send for `method path`: the encrypted form, or `body` itself where the page has no
 * WebCrypto (plain http): the server then takes it only if the merchant allows plaintext.
 */
export async function encryptedBody(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  language = 'en',
): Promise<EncryptedBody | unknown> {
  if (!canEncrypt()) return body;
  let server: ServerKey;
  try {
    server = await loadServerKey(language);
  } catch {
    // No published key (an older server, a network hiccup): send it plain and let the server decide,
    // since it alone knows whether this merchant accepts plaintext (it answers ENCRYPTION_REQUIRED).
    return body;
  }
  return encryptPayload(server.key, server.keyId, method, path.split('?')[0] as string, body);
}

/**
 * `apiFetch` for an encrypted call. When the server cannot read the payload (typically its key
 * changed since the page fetched it), the key is fetched again and the call made once more: nothing
 * was done by the first attempt.
 */
export async function encryptedCall<T>(
  path: string,
  request: ApiRequest & { method: 'POST' | 'PUT' | 'DELETE' },
): Promise<T> {
  const send = async () =>
    apiFetch<T>(path, {
      ...request,
      body: await encryptedBody(request.method, path, request.body, request.language),
    });
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'DECRYPTION_FAILED') || !canEncrypt()) throw error;
    forgetServerKey();
    return send();
  }
}
