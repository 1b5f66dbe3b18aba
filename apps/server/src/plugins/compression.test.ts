import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { negotiateEncoding } from '../lib/http-cache';

/** About 4 KB of JSON, as a member's record page is: well above the 1 KB threshold. */
const bigAnswer = {
  success: true,
  code: 'OK',
  message: 'OK',
  value: Array.from({ length: 60 }, (_, i) => ({ id: i, game: `Fortune Tiger ${i}`, amount: i * 150 })),
};
const alreadyGzipped = gzipSync(Buffer.from(JSON.stringify(bigAnswer)));

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, (app: FastifyInstance) => {
    app.get('/wps/test/big', async () => bigAnswer);
    app.get('/wps/test/small', async () => ({ success: true, code: 'OK', message: 'OK', value: 1 }));
    app.get('/wps/test/precompressed', async (_request, reply) =>
      reply.header('content-encoding', 'gzip').type('application/json').send(alreadyGzipped),
    );
    // Stands for any answer under /vendor/: the real wallet answers are all below the threshold.
    app.get('/vendor/test/big', async () => bigAnswer);
  });
});
afterAll(() => t.app.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

const plain = JSON.stringify(bigAnswer);

describe('compressed JSON answers', () => {
  it('sends a large answer as brotli to a browser that accepts br and gzip, saying so in Vary', async () => {
    const res = await get('/wps/test/big', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.length / 3);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const res = await get('/wps/test/big', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(plain);
  });

  it('follows the weights the client gives', async () => {
    const res = await get('/wps/test/big', 'br;q=0.5, gzip;q=0.9');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(plain);
  });

  it('sends the plain JSON to a client that accepts no compression, still varying on Accept-Encoding', async () => {
    for (const accept of [undefined, 'identity', 'deflate']) {
      const res = await get('/wps/test/big', accept);
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.body, accept).toBe(plain);
      expect(String(res.headers.vary), accept).toMatch(/accept-encoding/i);
    }
  });

  it('leaves answers below 1 KB as they are', async () => {
    const res = await get('/wps/test/small', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ success: true, code: 'OK', message: 'OK', value: 1 });
  });

  it('leaves an answer that already carries a Content-Encoding alone', async () => {
    const res = await get('/wps/test/precompressed', 'br, gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.equals(alreadyGzipped)).toBe(true);
  });
});

describe('answers that are never compressed', () => {
  it('sends anything under /vendor/ exactly as written, whatever the caller accepts', async () => {
    const res = await get('/vendor/test/big', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(plain);
  });

  it('sends the vendor wallet answer uncompressed to a caller that accepts br and gzip', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/vendor/SORTE/wallet/balance',
      payload: JSON.stringify({ playerId: 'nobody', currency: 'BRL' }),
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: expect.any(String) });
  });
});

describe('encoding negotiation', () => {
  it('prefers br on equal weight, takes * and x-gzip as gzip, and honours q=0', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('deflate')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});
