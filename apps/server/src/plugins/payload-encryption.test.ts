import {
  constants,
  createCipheriv,
  createHash,
  createPublicKey,
  generateKeyPairSync,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EncryptedBody, encryptPayload, type PayloadPublicKey } from '@sorte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { testConfig } from '../config';
import { loadPayloadKey } from './payload-encryption';

let t: TestApp;
let key: PayloadPublicKey;
beforeAll(async () => {
  t = await buildTestApp();
  key = (await t.app.inject('/wps/system/publicKey')).json().value;
});
afterAll(() => t.app.close());

let ip = 0;
const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

const call = (
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
  remoteAddress: string,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, payload: payload as Record<string, unknown>, headers, remoteAddress });

const encrypted = (method: string, path: string, body: unknown) =>
  encryptPayload(key.jwk, key.keyId, method, path, body);

const member = (username: string) => ({
  username,
  password: 'correct horse 1',
  confirmPassword: 'correct horse 1',
});

const DECRYPTION_FAILED_EN = 'The encrypted request could not be read. Please reload the page and try again.';

/** Encrypts arbitrary bytes the way the client does, to make payloads the helper never would. */
function sealRaw(plain: Buffer, aad: string, keyId = key.keyId): EncryptedBody {
  const aesKey = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
  cipher.setAAD(Buffer.from(aad));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  const wrapped = publicEncrypt(
    { key: key.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  );
  return {
    encryptedPayload: {
      keyId,
      wrappedKey: wrapped.toString('base64url'),
      iv: iv.toString('base64url'),
      ciphertext: sealed.toString('base64url'),
    },
  };
}

describe('GET /wps/system/publicKey', () => {
  it('publishes the RSA key with its id, as SPKI PEM and as a JWK', async () => {
    const res = await t.app.inject('/wps/system/publicKey');
    expect(res.statusCode).toBe(200);
    const value = res.json().value as PayloadPublicKey;
    expect(value.algorithm).toBe('RSA-OAEP-256+A256GCM');
    const publicKey = createPublicKey(value.publicKey);
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(3072);
    const der = publicKey.export({ type: 'spki', format: 'der' });
    expect(value.keyId).toBe(createHash('sha256').update(der).digest('base64url').slice(0, 16));
    expect(value.jwk).toMatchObject({ kty: 'RSA', alg: 'RSA-OAEP-256', use: 'enc', kid: value.keyId });
    expect(createPublicKey({ key: value.jwk, format: 'jwk' }).equals(publicKey)).toBe(true);
    expect(JSON.stringify(value)).not.toMatch(/PRIVATE|"d":/);
  });
});

describe('encrypted calls', () => {
  it('registers and signs in with encrypted bodies through the real routes', async () => {
    const from = nextIp();
    const reg = await call(
      'PUT',
      '/wps/member/register',
      await encrypted('PUT', '/wps/member/register', member('cipher01')),
      from,
    );
    expect(reg.statusCode).toBe(200);
    expect(reg.json().value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const body = await encrypted('POST', '/wps/session/login', {
      username: 'cipher01',
      password: 'correct horse 1',
    });
    const login = await call('POST', '/wps/session/login', body, from);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ success: true, value: { firstTimeLogin: false } });
    // Nothing of the password travels in clear.
    expect(JSON.stringify(body)).not.toContain('correct horse');
  });

  it('still validates the decrypted body with the route schema', async () => {
    const res = await call(
      'POST',
      '/wps/session/login',
      await encrypted('POST', '/wps/session/login', { username: 'cipher01' }),
      nextIp(),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', value: { field: 'password' } });
  });

  it('takes an encrypted password change on a member call', async () => {
    const from = nextIp();
    const reg = await call('PUT', '/wps/member/register', member('cipher02'), from);
    const token = reg.json().value.token as string;
    const res = await call(
      'POST',
      '/wps/member/password',
      await encrypted('POST', '/wps/member/password', {
        oldPassword: 'correct horse 1',
        newPassword: 'battery staple 2',
        confirmNewPassword: 'battery staple 2',
      }),
      from,
      { authorization: `Bearer ${token}` },
    );
    expect(res.statusCode).toBe(200);
    const login = await call(
      'POST',
      '/wps/session/login',
      await encrypted('POST', '/wps/session/login', { username: 'cipher02', password: 'battery staple 2' }),
      from,
    );
    expect(login.statusCode).toBe(200);
  });
});

describe('refused payloads', () => {
  const loginBody = { username: 'cipher01', password: 'correct horse 1' };

  it.each<[string, () => Promise<unknown>]>([
    [
      'a tampered ciphertext',
      async () => {
        const body = await encrypted('POST', '/wps/session/login', loginBody);
        const sealed = Buffer.from(body.encryptedPayload.ciphertext, 'base64url');
        sealed[3] = (sealed[3] as number) ^ 1;
        return { encryptedPayload: { ...body.encryptedPayload, ciphertext: sealed.toString('base64url') } };
      },
    ],
    [
      'a tampered tag',
      async () => {
        const body = await encrypted('POST', '/wps/session/login', loginBody);
        const sealed = Buffer.from(body.encryptedPayload.ciphertext, 'base64url');
        sealed[sealed.length - 1] = (sealed[sealed.length - 1] as number) ^ 1;
        return { encryptedPayload: { ...body.encryptedPayload, ciphertext: sealed.toString('base64url') } };
      },
    ],
    ['a payload made for another call (AAD)', () => encrypted('PUT', '/wps/member/register', loginBody)],
    ['a payload made for another method', () => encrypted('PUT', '/wps/session/login', loginBody)],
    [
      'an unknown keyId',
      async () => {
        const body = await encrypted('POST', '/wps/session/login', loginBody);
        return { encryptedPayload: { ...body.encryptedPayload, keyId: 'AAAAAAAAAAAAAAAA' } };
      },
    ],
    [
      'a key wrapped for another server key',
      async () => {
        const other = generateKeyPairSync('rsa', { modulusLength: 3072 }).publicKey.export({
          format: 'jwk',
        });
        return encryptPayload(
          {
            kty: 'RSA',
            n: other.n as string,
            e: other.e as string,
            alg: 'RSA-OAEP-256',
            use: 'enc',
            kid: 'x',
          },
          key.keyId,
          'POST',
          '/wps/session/login',
          loginBody,
        );
      },
    ],
    [
      'plaintext that is not JSON',
      async () => sealRaw(Buffer.from('username=cipher01&password=x'), 'POST /wps/session/login'),
    ],
    [
      'fields that are not base64url',
      async () => {
        const body = await encrypted('POST', '/wps/session/login', loginBody);
        return { encryptedPayload: { ...body.encryptedPayload, iv: 'not base64!' } };
      },
    ],
    [
      'a short iv',
      async () => {
        const body = await encrypted('POST', '/wps/session/login', loginBody);
        return { encryptedPayload: { ...body.encryptedPayload, iv: 'AAAA' } };
      },
    ],
    ['garbage in place of the payload', async () => ({ encryptedPayload: 'garbage' })],
    ['an empty payload', async () => ({ encryptedPayload: {} })],
    [
      'extra fields beside the payload',
      async () => ({ ...(await encrypted('POST', '/wps/session/login', loginBody)), username: 'cipher01' }),
    ],
  ])('answers 400 DECRYPTION_FAILED for %s', async (_name, make) => {
    const res = await call('POST', '/wps/session/login', await make(), nextIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'DECRYPTION_FAILED',
      message: DECRYPTION_FAILED_EN,
      value: null,
    });
  });

  it('says so in the caller language', async () => {
    const res = await call('POST', '/wps/session/login', { encryptedPayload: 'garbage' }, nextIp(), {
      lang: 'pt',
    });
    expect(res.json().message).toBe(
      'Não foi possível ler a solicitação criptografada. Recarregue a página e tente novamente.',
    );
  });
});

describe('plaintext bodies', () => {
  it('are accepted by default (PLAINTEXT_PAYLOADS true)', async () => {
    const flags = (await t.app.inject('/wps/system/whitelabel')).json().value;
    expect(flags.PLAINTEXT_PAYLOADS).toBe(true);
    const from = nextIp();
    expect((await call('PUT', '/wps/member/register', member('plain01'), from)).statusCode).toBe(200);
    const login = await call(
      'POST',
      '/wps/session/login',
      { username: 'plain01', password: 'correct horse 1' },
      from,
    );
    expect(login.statusCode).toBe(200);
  });

  it('are refused with ENCRYPTION_REQUIRED where the merchant turns them off', async () => {
    await t.db.query(
      `update merchant_settings set whitelabel = whitelabel || '{"PLAINTEXT_PAYLOADS": false}'::jsonb
       where merchant_code = 'MX'`,
    );
    const mx = { merchantCode: 'MX' };
    const flags = (await t.app.inject({ url: '/wps/system/whitelabel', headers: mx })).json().value;
    expect(flags.PLAINTEXT_PAYLOADS).toBe(false);
    const from = nextIp();
    const plain = await call('PUT', '/wps/member/register', member('plainmx1'), from, mx);
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({
      code: 'ENCRYPTION_REQUIRED',
      message: 'This request must be encrypted.',
    });
    for (const [method, url] of [
      ['POST', '/wps/session/login'],
      ['PUT', '/wps/member/register/mobile'],
      ['POST', '/wps/member/password/verification'],
    ] as const) {
      const res = await call(method, url, { anything: 1 }, from, mx);
      expect(res.json().code, url).toBe('ENCRYPTION_REQUIRED');
    }
    // The same merchant takes the encrypted form; other calls and merchants are unaffected.
    const reg = await call(
      'PUT',
      '/wps/member/register',
      await encrypted('PUT', '/wps/member/register', member('plainmx1')),
      from,
      mx,
    );
    expect(reg.statusCode).toBe(200);
    const login = await call(
      'POST',
      '/wps/session/login',
      await encrypted('POST', '/wps/session/login', { username: 'plainmx1', password: 'correct horse 1' }),
      from,
      mx,
    );
    expect(login.statusCode).toBe(200);
    const br = await call(
      'POST',
      '/wps/session/login',
      { username: 'plain01', password: 'correct horse 1' },
      from,
    );
    expect(br.json().code).not.toBe('ENCRYPTION_REQUIRED');
  });
});

describe('the server key', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sorte-payload-key-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is generated once under DATA_DIR/keys (mode 0600) and kept across restarts', async () => {
    const keyIdOf = async () => {
      const started = await buildTestApp({ env: 'production', dataDir: dir });
      try {
        return (await started.app.inject('/wps/system/publicKey')).json().value.keyId as string;
      } finally {
        await started.app.close();
      }
    };
    const first = await keyIdOf();
    const path = join(dir, 'keys', 'payload-key.pem');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readFile(path, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(await keyIdOf()).toBe(first);
  });

  it('is read from PAYLOAD_KEY_FILE when set, which must exist', async () => {
    const file = join(dir, 'given.pem');
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await writeFile(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    const log = t.app.log;
    const loaded = await loadPayloadKey(testConfig({ payloadKeyFile: file }), log);
    const der = publicKey.export({ type: 'spki', format: 'der' });
    expect(loaded.keyId).toBe(createHash('sha256').update(der).digest('base64url').slice(0, 16));
    await expect(
      loadPayloadKey(testConfig({ payloadKeyFile: join(dir, 'missing.pem') }), log),
    ).rejects.toThrow(/PAYLOAD_KEY_FILE: .*missing\.pem does not exist/);
    const small = join(dir, 'small.pem');
    await writeFile(
      small,
      generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    await expect(loadPayloadKey(testConfig({ payloadKeyFile: small }), log)).rejects.toThrow(/2048 bits/);
  });
});
