import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import s3rverAccount from '@20minutes/s3rver/lib/models/account.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { ConfigError, loadConfig, testConfig } from '../../config';
import { EMPTY_PAYLOAD_SHA256, sha256Hex, signRequest } from '../../lib/aws-sigv4';
import type { S3Settings } from '../../lib/s3-client';
import { siteCspDirectives } from '../../plugins/security-headers';
import { consoleKit, type SignedInOperator } from '../console/console-test-kit';
import { ROOT_OPERATOR_KEY } from '../payments/payments-test-kit';
import { ContentStoreUnavailable } from './content-image-store';
import { S3ImageStore } from './s3-image-store';

/**
 * Content pictures in an S3-compatible bucket (issue 15: "stored under the data dir or an
 * S3-compatible store when configured"), against a real S3-compatible server (s3rver) that checks
 * every request's SigV4 signature with the secret. The data directory's store is content-ops.test.ts.
 */
describe('SigV4 signing', () => {
  it("signs AWS's documented GET Object example to its published signature", () => {
    // AWS S3 documentation, "Signature Calculations for the Authorization Header: Transferring
    // Payload in a Single Chunk", example GET Object: the first 10 bytes of examplebucket/test.txt.
    const signed = signRequest(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9' },
        payloadSha256: EMPTY_PAYLOAD_SHA256,
      },
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
        service: 's3',
      },
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY_PAYLOAD_SHA256}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY_PAYLOAD_SHA256,
      ].join('\n'),
    );
    expect(sha256Hex(signed.canonicalRequest)).toBe(
      '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    );
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('CONTENT_STORE configuration', () => {
  it('names every missing S3 setting, refuses a public address that banners could not show, and reads a full one', () => {
    expect(() => loadConfig({ CONTENT_STORE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ CONTENT_STORE: 's3' })).toThrow(
      /S3_BUCKET: required when CONTENT_STORE=s3[\s\S]*S3_ACCESS_KEY_ID: required[\s\S]*S3_SECRET_ACCESS_KEY: required/,
    );
    const full = {
      CONTENT_STORE: 's3',
      S3_BUCKET: 'sorte-content',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(() => loadConfig({ ...full, S3_PUBLIC_BASE_URL: 'http://cdn.example' })).toThrow(
      /S3_PUBLIC_BASE_URL: must be an https:\/\/ URL/,
    );
    expect(() => loadConfig({ ...full, S3_ENDPOINT: 'https://minio.example/sorte' })).toThrow(
      /S3_ENDPOINT: must be the store's origin/,
    );
    expect(loadConfig(full).contentStore).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'https://s3.us-east-1.amazonaws.com',
        region: 'us-east-1',
        bucket: 'sorte-content',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: false,
        timeoutMs: 10_000,
      },
      publicBaseUrl: undefined,
    });
    expect(loadConfig({}).contentStore).toEqual({ kind: 'data-dir' });

    // The site may show pictures from the bucket's public address.
    const publicBucket = loadConfig({ ...full, S3_PUBLIC_BASE_URL: 'https://img.sorte.example/' });
    const csp = siteCspDirectives({ ...testConfig(), contentStore: publicBucket.contentStore }, () => '');
    expect(csp.imgSrc).toContain('https://img.sorte.example');
  });
});

const BUCKET = 'sorte-content';
const ACCESS_KEY = 'SORTETESTKEY';
const SECRET = 'sorte-test-secret-0123456789';

let s3: S3rver;
let s3Origin: string;
let settings: S3Settings;
let t: TestApp;
let content: SignedInOperator;

beforeAll(async () => {
  s3rverAccount.DUMMY_ACCOUNT.createKeyPair(ACCESS_KEY, SECRET);
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'sorte-s3-')),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  s3Origin = `http://127.0.0.1:${port}`;
  settings = {
    endpoint: s3Origin,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET,
    forcePathStyle: true,
    timeoutMs: 5_000,
  };
  t = await buildTestApp({
    operatorApiKey: ROOT_OPERATOR_KEY,
    dataDir: mkdtempSync(join(tmpdir(), 'sorte-content-s3-')),
    contentStore: { kind: 's3', s3: settings, publicBaseUrl: undefined },
  });
  content = await consoleKit(t.app, ROOT_OPERATOR_KEY).operatorWith(['content']);
});
afterAll(async () => {
  await t?.app.close();
  await s3?.close();
  s3rverAccount.DUMMY_ACCOUNT.revokeAccessKey(ACCESS_KEY);
});

const pngOf = (fill: number) =>
  Buffer.concat([
    Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
    Buffer.alloc(400, fill),
  ]);
const upload = (bytes: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: '/ops/console/content/images',
    headers: { cookie: content.cookie, 'content-type': 'image/png' },
    payload: bytes,
  });
/** The object as the bucket holds it, read from the S3 server directly (anonymously, path style). */
const inBucket = (name: string) => fetch(`${s3Origin}/${BUCKET}/content-images/${name}`);
const auditRows = async () =>
  Number((await t.db.query<{ n: string }>('select count(*) as n from operator_audit_log'))[0]?.n);

describe('content pictures in an S3-compatible bucket (CONTENT_STORE=s3)', () => {
  it('uploads into the bucket, shows the banner with an address that serves the bytes, and deletes', async () => {
    const png = pngOf(11);
    const uploaded = await upload(png);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { url } = uploaded.json().value as { url: string };
    expect(url).toMatch(/^\/content-images\/[0-9a-f]{32}\.png$/);
    const name = url.split('/').pop() as string;

    const object = await inBucket(name);
    expect(object.status).toBe(200);
    expect(object.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await object.arrayBuffer()).equals(png)).toBe(true);
    expect(existsSync(join(t.config.dataDir, 'uploads', 'content', name))).toBe(false);

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/ops/console/banners',
      headers: { cookie: content.cookie },
      payload: { merchantCode: 'BR', key: 'bucket-banner', groupName: 'w_home', imageUrls: { EN: url } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const banners = await t.app.inject({
      url: '/wps/relay/banners?groupName=w_home',
      headers: { merchantCode: 'BR' },
    });
    expect((banners.json().value as Array<{ url: string }>).map((b) => b.url)).toContain(url);

    // Streamed from the bucket through the server, cached as the data directory's pictures are.
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(png)).toBe(true);

    await new S3ImageStore(settings, undefined).delete(name);
    expect((await inBucket(name)).status).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('tells the operator the image store refused a wrong secret, and records nothing', async () => {
    const kept = await upload(pngOf(12));
    expect(kept.statusCode).toBe(200);
    const auditBefore = await auditRows();
    // The server now holds another secret for the key: the app's signatures no longer match.
    s3rverAccount.DUMMY_ACCOUNT.createKeyPair(ACCESS_KEY, 'another-secret-entirely');
    try {
      const png = pngOf(13);
      const refused = await upload(png);
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({
        success: false,
        code: 'CONTENT_STORE_UNAVAILABLE',
        message: expect.stringMatching(/image store could not be reached/),
      });
      const pt = await t.app.inject({
        method: 'POST',
        url: '/ops/console/content/images',
        headers: { cookie: content.cookie, 'content-type': 'image/png', lang: 'pt' },
        payload: png,
      });
      expect(pt.json().message).toMatch(/armazenamento de imagens/);
      expect(await auditRows()).toBe(auditBefore);

      // Serving a stored picture is refused the same way, never a 500.
      expect((await t.app.inject({ url: kept.json().value.url })).statusCode).toBe(502);
    } finally {
      s3rverAccount.DUMMY_ACCOUNT.createKeyPair(ACCESS_KEY, SECRET);
    }
    expect((await t.app.inject({ url: kept.json().value.url })).statusCode).toBe(200);
  });

  it('gives up on a store that does not answer in time, tells a missing bucket from a missing picture, and points banners at a public bucket address', async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as { port: number };
      const store = new S3ImageStore(
        { ...settings, endpoint: `http://127.0.0.1:${port}`, timeoutMs: 300 },
        undefined,
      );
      const started = Date.now();
      const failure = await store
        .put('0123456789abcdef0123456789abcdef.png', pngOf(14), 'image/png')
        .catch((e) => e);
      expect(failure).toBeInstanceOf(ContentStoreUnavailable);
      expect(failure.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      silent.close();
    }

    // A missing bucket is the store refusing (a wrong setting), not a missing picture.
    const wrongBucket = new S3ImageStore({ ...settings, bucket: 'no-such-bucket' }, undefined);
    const refused = await wrongBucket.open('0123456789abcdef0123456789abcdef.png').catch((e) => e);
    expect(refused).toBeInstanceOf(ContentStoreUnavailable);
    expect(refused.status).toBe(502);

    const publicBucket = new S3ImageStore(settings, `${s3Origin}/${BUCKET}`);
    const name = 'fedcba9876543210fedcba9876543210.png';
    await publicBucket.put(name, pngOf(15), 'image/png');
    const url = publicBucket.publicUrl(name);
    expect(url).toBe(`${s3Origin}/${BUCKET}/content-images/${name}`);
    const shown = await fetch(url);
    expect(shown.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await shown.arrayBuffer()).equals(pngOf(15))).toBe(true);
  });
});
