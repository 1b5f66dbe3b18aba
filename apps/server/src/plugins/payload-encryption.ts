import {
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  type KeyObject,
  webcrypto,
} from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import {
  type EncryptedPayload,
  type PayloadPublicJwk,
  type PayloadPublicKey,
  payloadAad,
  payloadEncryptionAlgorithm,
  payloadPublicKeyEnvelope,
} from '@sorte/shared';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { AppError } from '../lib/app-error';
import { merchantOf } from '../lib/merchant';
import { ok } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The spec marks the call "encrypted": the body may come as `{ encryptedPayload }` (hybrid
     * RSA-OAEP-256 + AES-256-GCM), decrypted before validation; a plain body only where the
     * merchant's PLAINTEXT_PAYLOADS flag allows it.
     */
    encryptedBody?: boolean;
  }
  interface FastifyInstance {
    /** The server's payload key: its public half is published on GET /wps/system/publicKey. */
    payloadKey: () => Promise<PayloadKey>;
  }
}

export const PAYLOAD_KEY_BITS = 3072;
const MIN_KEY_BITS = 2048;

export type PayloadKey = {
  keyId: string;
  privateKey: KeyObject;
  /** Size of the RSA modulus in bytes: the length of every wrapped key. */
  modulusBytes: number;
  published: PayloadPublicKey;
};

/** keyId: the first 16 characters of the base64url SHA-256 of the public key's SPKI DER. */
export function payloadKeyId(publicKey: KeyObject): string {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64url').slice(0, 16);
}

export function describePayloadKey(privateKey: KeyObject): PayloadKey {
  if (privateKey.asymmetricKeyType !== 'rsa') throw new Error('the payload key must be an RSA key');
  const bits = privateKey.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_KEY_BITS) throw new Error(`the payload key must have at least ${MIN_KEY_BITS} bits`);
  const publicKey = createPublicKey(privateKey);
  const keyId = payloadKeyId(publicKey);
  const { n, e } = publicKey.export({ format: 'jwk' });
  const jwk: PayloadPublicJwk = {
    kty: 'RSA',
    n: n as string,
    e: e as string,
    alg: 'RSA-OAEP-256',
    use: 'enc',
    kid: keyId,
  };
  return {
    keyId,
    privateKey,
    modulusBytes: Math.ceil(bits / 8),
    published: {
      keyId,
      algorithm: payloadEncryptionAlgorithm,
      publicKey: publicKey.export({ type: 'spki', format: 'pem' }) as string,
      jwk,
    },
  };
}

const generateRsa = async (): Promise<KeyObject> =>
  (await promisify(generateKeyPair)('rsa', { modulusLength: PAYLOAD_KEY_BITS })).privateKey;

async function readKeyFile(path: string, log: FastifyInstance['log']): Promise<KeyObject> {
  const pem = await readFile(path, 'utf8');
  const { mode } = await stat(path);
  if (mode & 0o077) log.warn({ path }, 'payload key file is readable by other users: chmod 600 it');
  try {
    return createPrivateKey(pem);
  } catch (error) {
    throw new Error(`payload key ${path}: not a PEM private key (${(error as Error).message})`);
  }
}

/**
 * The key: PAYLOAD_KEY_FILE when set (it must exist); in tests a key made in memory; otherwise
 * `${DATA_DIR}/keys/payload-key.pem`, generated on the first start (mode 0600) and reused after.
 */
export async function loadPayloadKey(config: Config, log: FastifyInstance['log']): Promise<PayloadKey> {
  if (config.payloadKeyFile) {
    const key = await readKeyFile(config.payloadKeyFile, log).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT')
        throw new Error(`PAYLOAD_KEY_FILE: ${config.payloadKeyFile} does not exist`);
      throw error;
    });
    return describePayloadKey(key);
  }
  if (config.env === 'test') return describePayloadKey(await generateRsa());
  const path = join(config.dataDir, 'keys', 'payload-key.pem');
  try {
    return describePayloadKey(await readKeyFile(path, log));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = await generateRsa();
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  try {
    // 'wx': when two processes start on one data directory at once, the first key written wins.
    await writeFile(path, key.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
    log.info({ path }, 'generated the payload encryption key');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return describePayloadKey(await readKeyFile(path, log));
  }
  return describePayloadKey(key);
}

const base64url = /^[A-Za-z0-9_-]+$/;
const GCM_IV_BYTES = 12;
const GCM_TAG_BYTES = 16;

function decode(value: unknown): Buffer {
  if (typeof value !== 'string' || !base64url.test(value) || value.length % 4 === 1) {
    throw new Error('not base64url');
  }
  return Buffer.from(value, 'base64url');
}

/** The private key as WebCrypto holds it, made once per key. */
const unwrappingKeys = new WeakMap<PayloadKey, Promise<webcrypto.CryptoKey>>();
function unwrappingKeyOf(key: PayloadKey): Promise<webcrypto.CryptoKey> {
  let made = unwrappingKeys.get(key);
  if (!made) {
    made = webcrypto.subtle.importKey(
      'pkcs8',
      key.privateKey.export({ type: 'pkcs8', format: 'der' }),
      { name: 'RSA-OAEP', hash: 'SHA-256' },
      false,
      ['decrypt'],
    );
    unwrappingKeys.set(key, made);
  }
  return made;
}

/**
 * Decrypts one payload for the call `aad`; throws on any mismatch (the caller answers 400).
 * The RSA-OAEP unwrap (~3 ms of CPU with a 3072-bit key, on every login and sign-up) runs through
 * WebCrypto, which does it on libuv's thread pool: node:crypto's privateDecrypt would hold the event
 * loop, and every other request with it. The AES-GCM part is microseconds and stays inline.
 */
export async function decryptPayload(
  key: PayloadKey,
  payload: EncryptedPayload,
  aad: string,
): Promise<unknown> {
  if (payload.keyId !== key.keyId) throw new Error('unknown keyId');
  const wrappedKey = decode(payload.wrappedKey);
  const iv = decode(payload.iv);
  const sealed = decode(payload.ciphertext);
  if (wrappedKey.length !== key.modulusBytes) throw new Error('wrapped key has the wrong length');
  if (iv.length !== GCM_IV_BYTES) throw new Error('iv must be 12 bytes');
  if (sealed.length < GCM_TAG_BYTES) throw new Error('ciphertext shorter than its tag');
  const aesKey = Buffer.from(
    await webcrypto.subtle.decrypt({ name: 'RSA-OAEP' }, await unwrappingKeyOf(key), wrappedKey),
  );
  if (aesKey.length !== 32) throw new Error('wrapped key is not an AES-256 key');
  const decipher = createDecipheriv('aes-256-gcm', aesKey, iv, { authTagLength: GCM_TAG_BYTES });
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - GCM_TAG_BYTES));
  const plain = Buffer.concat([
    decipher.update(sealed.subarray(0, sealed.length - GCM_TAG_BYTES)),
    decipher.final(),
  ]);
  aesKey.fill(0);
  return JSON.parse(plain.toString('utf8'));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Encrypted payloads (DESIGN.md, API conventions). Routes opt in with `config: { encryptedBody: true }`;
 * their body is decrypted in preValidation, which Fastify runs before schema validation, so the
 * route's zod schema validates the plain body either way. Register before the routes.
 */
export const payloadEncryptionPlugin = fp(
  async (app) => {
    // Tests make the key only when a test needs it; elsewhere it is loaded (or made) at start, so a
    // bad PAYLOAD_KEY_FILE stops the server at once.
    let loading: Promise<PayloadKey> | undefined;
    const payloadKey = () => {
      loading ??= loadPayloadKey(app.config, app.log);
      return loading;
    };
    if (app.config.env !== 'test' || app.config.payloadKeyFile) {
      // The key in WebCrypto's form too: the first import loads WebCrypto's own modules (~15 ms on the
      // event loop), which the first sign-in after a start would pay while a returning crowd waits.
      await unwrappingKeyOf(await payloadKey());
    }
    app.decorate('payloadKey', payloadKey);

    const decryptBody: preValidationHookHandler = async (request: FastifyRequest) => {
      const body = request.body;
      if (isObject(body) && 'encryptedPayload' in body) {
        const aad = payloadAad(request.method, request.routeOptions.url ?? request.url);
        try {
          const payload = body.encryptedPayload;
          if (Object.keys(body).length !== 1 || !isObject(payload)) throw new Error('not an encrypted body');
          request.body = await decryptPayload(await payloadKey(), payload as EncryptedPayload, aad);
        } catch (error) {
          request.log.info({ reason: (error as Error).message, aad }, 'encrypted payload refused');
          throw new AppError(400, 'DECRYPTION_FAILED');
        }
        return;
      }
      const settings = await request.server.auth.getSettings(merchantOf(request));
      if (!settings.whitelabel.PLAINTEXT_PAYLOADS) throw new AppError(400, 'ENCRYPTION_REQUIRED');
    };

    app.addHook('onRoute', (route) => {
      if (!route.config?.encryptedBody) return;
      const existing = route.preValidation;
      route.preValidation = existing
        ? [...(Array.isArray(existing) ? existing : [existing]), decryptBody]
        : [decryptBody];
    });

    app.get(
      '/wps/system/publicKey',
      { schema: { tags: ['auth'], response: { 200: payloadPublicKeyEnvelope } } },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return ok(request, (await payloadKey()).published);
      },
    );
  },
  { name: 'payload-encryption', dependencies: ['database', 'errors'] },
);
