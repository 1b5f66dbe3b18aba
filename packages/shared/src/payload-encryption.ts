import { z } from 'zod';
import { envelopeOf } from './envelope';

/**
 * Encrypted payloads (spec section 7 "encrypted" calls; DECISIONS.md): the client wraps a fresh
 * AES-256-GCM key with the server's published RSA-OAEP (SHA-256) public key and sends
 *
 *   { "encryptedPayload": { keyId, wrappedKey, iv, ciphertext } }
 *
 * instead of the plain JSON body. Every field is base64url without padding; `iv` is 12 bytes;
 * `ciphertext` is the AES-GCM output with its 16-byte tag appended (what WebCrypto produces); the
 * additional authenticated data is the UTF-8 of `${METHOD} ${path}` (e.g. "POST /wps/session/login"),
 * so a payload made for one call is refused by every other. The server decrypts before validation.
 *
 * Only WebCrypto (`globalThis.crypto.subtle`) is used here, so this runs in browsers (secure
 * contexts) and in Node 20 alike.
 */
export const payloadEncryptionAlgorithm = 'RSA-OAEP-256+A256GCM' as const;

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);

export const encryptedPayloadSchema = z.strictObject({
  keyId: z.string().min(1).max(64),
  wrappedKey: base64url(1400),
  iv: base64url(32),
  ciphertext: base64url(2_000_000),
});
export type EncryptedPayload = z.infer<typeof encryptedPayloadSchema>;
export type EncryptedBody = { encryptedPayload: EncryptedPayload };

/** The server key as a JWK, ready for `crypto.subtle.importKey('jwk', …)`. */
export const payloadPublicJwkSchema = z.object({
  kty: z.literal('RSA'),
  n: z.string(),
  e: z.string(),
  alg: z.literal('RSA-OAEP-256'),
  use: z.literal('enc'),
  kid: z.string(),
});
export type PayloadPublicJwk = z.infer<typeof payloadPublicJwkSchema>;

/** GET /wps/system/publicKey. */
export const payloadPublicKeySchema = z.object({
  keyId: z.string().describe('first 16 characters of the base64url SHA-256 of the SPKI DER'),
  algorithm: z.literal(payloadEncryptionAlgorithm),
  publicKey: z.string().describe('SPKI PEM'),
  jwk: payloadPublicJwkSchema,
});
export type PayloadPublicKey = z.infer<typeof payloadPublicKeySchema>;
export const payloadPublicKeyEnvelope = envelopeOf(payloadPublicKeySchema);

/** The additional authenticated data binding a payload to one call. */
export const payloadAad = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

type Subtle = typeof globalThis.crypto.subtle;
/** An RSA-OAEP public key already imported with `importPayloadPublicKey` (a WebCrypto CryptoKey). */
export type ImportedPayloadKey = Awaited<ReturnType<Subtle['importKey']>>;
export type PayloadPublicKeyInput = PayloadPublicJwk | string | ImportedPayloadKey;

const rsaOaep = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

export function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const body = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const binary = atob(body);
  const der = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) der[i] = binary.charCodeAt(i);
  return der;
}

const isImported = (key: PayloadPublicKeyInput): key is ImportedPayloadKey =>
  typeof key === 'object' && 'algorithm' in key && 'usages' in key;

/** Imports the server key once (a JWK, or an SPKI PEM), for callers that encrypt many payloads. */
export async function importPayloadPublicKey(key: PayloadPublicKeyInput): Promise<ImportedPayloadKey> {
  if (isImported(key)) return key;
  const subtle = globalThis.crypto.subtle;
  if (typeof key === 'string') return subtle.importKey('spki', pemToDer(key), rsaOaep, false, ['encrypt']);
  const { kty, n, e, alg } = key;
  return subtle.importKey('jwk', { kty, n, e, alg }, rsaOaep, false, ['encrypt']);
}

/**
 * Encrypts `body` (any JSON value) for the call `method path` with the server key named `keyId`,
 * answering the body to send: `{ encryptedPayload: { keyId, wrappedKey, iv, ciphertext } }`.
 */
export async function encryptPayload(
  publicKey: PayloadPublicKeyInput,
  keyId: string,
  method: string,
  path: string,
  body: unknown,
): Promise<EncryptedBody> {
  const subtle = globalThis.crypto.subtle;
  const rsaKey = await importPayloadPublicKey(publicKey);
  const rawKey = globalThis.crypto.getRandomValues(new Uint8Array(32));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const aesKey = await subtle.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['encrypt']);
  const encoder = new TextEncoder();
  const [ciphertext, wrappedKey] = await Promise.all([
    subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: encoder.encode(payloadAad(method, path)), tagLength: 128 },
      aesKey,
      encoder.encode(JSON.stringify(body)),
    ),
    subtle.encrypt({ name: 'RSA-OAEP' }, rsaKey, rawKey),
  ]);
  rawKey.fill(0);
  return {
    encryptedPayload: {
      keyId,
      wrappedKey: bytesToBase64Url(new Uint8Array(wrappedKey)),
      iv: bytesToBase64Url(iv),
      ciphertext: bytesToBase64Url(new Uint8Array(ciphertext)),
    },
  };
}
