import type { EncryptedBody } from '@sorte/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { canEncrypt, encryptedBody, encryptedCall, forgetServerKey } from './encrypted-call';

const rsa = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
let pair: CryptoKeyPair;
let published: Record<string, unknown>;

beforeAll(async () => {
  pair = await crypto.subtle.generateKey(
    { ...rsa, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  );
  const { kty, n, e } = await crypto.subtle.exportKey('jwk', pair.publicKey);
  published = {
    keyId: 'test-key-0000001',
    algorithm: 'RSA-OAEP-256+A256GCM',
    publicKey: '',
    jwk: { kty, n, e, alg: 'RSA-OAEP-256', use: 'enc', kid: 'test-key-0000001' },
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  forgetServerKey();
});

const envelope = (status: number, value: unknown, code = 'OK') =>
  new Response(JSON.stringify({ success: status === 200, code, message: code, value }), { status });

const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** What the server does, with WebCrypto: unwrap the AES key, then open the body with the AAD. */
async function open(body: EncryptedBody, aad: string): Promise<unknown> {
  const p = body.encryptedPayload;
  const raw = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, pair.privateKey, fromBase64Url(p.wrappedKey));
  const aes = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64Url(p.iv), additionalData: new TextEncoder().encode(aad) },
    aes,
    fromBase64Url(p.ciphertext),
  );
  return JSON.parse(new TextDecoder().decode(plain));
}

describe('encryptedBody', () => {
  it('seals the body for one call with the published key, fetched once', async () => {
    const fetchMock = vi.fn(async () => envelope(200, published));
    vi.stubGlobal('fetch', fetchMock);
    expect(canEncrypt()).toBe(true);
    const login = { username: 'maria2024', password: 'correct horse 1' };
    const first = (await encryptedBody('POST', '/wps/session/login', login)) as EncryptedBody;
    const second = (await encryptedBody('POST', '/wps/session/login', login)) as EncryptedBody;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(first.encryptedPayload.keyId).toBe('test-key-0000001');
    expect(first.encryptedPayload.iv).not.toBe(second.encryptedPayload.iv);
    expect(JSON.stringify(first)).not.toContain('correct horse');
    await expect(open(first, 'POST /wps/session/login')).resolves.toEqual(login);
    // Bound to the call: it does not open as another one.
    await expect(open(first, 'PUT /wps/member/register')).rejects.toThrow();
  });

  it('sends the plain body where the page has no WebCrypto', async () => {
    vi.stubGlobal('crypto', {});
    expect(await encryptedBody('PUT', '/wps/member/register', { a: 1 })).toEqual({ a: 1 });
  });
});

describe('encryptedCall', () => {
  it('fetches the key again and retries once when the server cannot read the payload', async () => {
    const sent: string[] = [];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/wps/system/publicKey') return envelope(200, published);
      sent.push(String(init?.body));
      return sent.length === 1
        ? envelope(400, null, 'DECRYPTION_FAILED')
        : envelope(200, { token: 't', firstTimeLogin: false, passwordExpired: false });
    });
    vi.stubGlobal('fetch', fetchMock);
    const value = await encryptedCall('/wps/session/login', {
      method: 'POST',
      body: { username: 'maria2024', password: 'x' },
      language: 'pt',
    });
    expect(value).toMatchObject({ token: 't' });
    expect(fetchMock.mock.calls.filter(([url]) => url === '/wps/system/publicKey')).toHaveLength(2);
    expect(sent).toHaveLength(2);
    const last = JSON.parse(sent[1] as string) as EncryptedBody;
    await expect(open(last, 'POST /wps/session/login')).resolves.toEqual({
      username: 'maria2024',
      password: 'x',
    });
  });

  it('does not retry other failures', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/wps/system/publicKey' ? envelope(200, published) : envelope(401, null, 'INVALID_CREDENTIALS'),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      encryptedCall('/wps/session/login', { method: 'POST', body: {}, language: 'en' }),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
