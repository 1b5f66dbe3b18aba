import { amountMinorSchema, currencySchema } from '@sorte/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/helper';

let sut: TestApp;
const writes: unknown[] = [];

beforeAll(async () => {
  sut = await buildTestApp({ bodyLimitBytes: 2048 }, (app: FastifyInstance) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    // A test-only endpoint with the shape of a money call, to drive the shared error handling.
    typed.post(
      '/test/transfer',
      {
        schema: {
          body: z.strictObject({
            amount: amountMinorSchema,
            currency: currencySchema,
            note: z.string().max(20).optional(),
          }),
        },
      },
      async (request) => {
        writes.push(request.body);
        return { success: true, code: 'OK', message: request.t('errors:OK'), value: request.body };
      },
    );
    typed.get('/test/boom', async () => {
      throw new Error('secret database password in this message');
    });
  });
});
afterAll(() => sut.app.close());

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  sut.app.inject({
    method: 'POST',
    url: '/test/transfer',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('app', () => {
  it('answers liveness and readiness', async () => {
    expect((await sut.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await sut.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('publishes an OpenAPI document at /docs', async () => {
    const res = await sut.app.inject('/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
    expect((await sut.app.inject('/docs')).statusCode).toBeLessThan(400);
  });

  it('wraps a success in the envelope', async () => {
    const res = await post({ amount: 1250, currency: 'BRL' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      code: 'OK',
      message: 'OK',
      value: { amount: 1250, currency: 'BRL' },
    });
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('answers an unknown path with a localised 404 envelope', async () => {
    const res = await sut.app.inject({
      url: '/wps/nothing-here',
      headers: { 'accept-language': 'pt-BR,pt;q=0.9' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Não encontrado.' });
  });

  it('picks the language from the lang header before the query and Accept-Language', async () => {
    const headerWins = await sut.app.inject({
      url: '/wps/x?lang=ES',
      headers: { lang: 'BN', 'accept-language': 'pt' },
    });
    expect(headerWins.json().message).toBe('পাওয়া যায়নি।');
    const queryNext = await sut.app.inject({ url: '/wps/x?lang=ES', headers: { 'accept-language': 'pt' } });
    expect(queryNext.json().message).toBe('No encontrado.');
    const fallback = await sut.app.inject({ url: '/wps/x', headers: { 'accept-language': 'ja, fr;q=0.5' } });
    expect(fallback.json().message).toBe('Not found.');
  });

  it('hides the cause of an unexpected failure behind a generic 500 with a request id', async () => {
    const res = await sut.app.inject('/test/boom');
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'INTERNAL_ERROR' });
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(body.value.requestId).toBe(res.headers['x-request-id']);
  });
});

describe('bad input', () => {
  const cases: Array<[string, unknown, number, string, string | undefined]> = [
    ['malformed JSON', '{"amount": 12,', 400, 'MALFORMED_JSON', undefined],
    ['a wrong type', { amount: '12', currency: 'BRL' }, 400, 'VALIDATION_FAILED', 'amount'],
    ['an unknown field', { amount: 12, currency: 'BRL', admin: true }, 400, 'VALIDATION_FAILED', 'admin'],
    ['a negative amount', { amount: -5, currency: 'BRL' }, 400, 'VALIDATION_FAILED', 'amount'],
    ['a zero amount', { amount: 0, currency: 'BRL' }, 400, 'VALIDATION_FAILED', 'amount'],
    ['a fractional amount', { amount: 10.5, currency: 'BRL' }, 400, 'VALIDATION_FAILED', 'amount'],
    [
      'an amount above the safe range',
      '{"amount": 9007199254740993, "currency": "BRL"}',
      400,
      'VALIDATION_FAILED',
      'amount',
    ],
    ['an unknown currency', { amount: 12, currency: 'USD' }, 400, 'VALIDATION_FAILED', 'currency'],
    ['a missing field', { amount: 12 }, 400, 'VALIDATION_FAILED', 'currency'],
    ['a body that is not an object', '[1,2]', 400, 'VALIDATION_FAILED', 'request body'],
    [
      'an oversized body',
      { amount: 12, currency: 'BRL', note: 'x'.repeat(4096) },
      413,
      'BODY_TOO_LARGE',
      undefined,
    ],
  ];

  it.each(cases)(
    'refuses %s with a clear envelope and writes nothing',
    async (_name, payload, status, code, field) => {
      const before = writes.length;
      const res = await post(payload);
      expect(res.statusCode).toBe(status);
      const body = res.json();
      expect(body.success).toBe(false);
      expect(body.code).toBe(code);
      expect(body.message.length).toBeGreaterThan(5);
      if (field) {
        expect(body.value.field).toBe(field);
        expect(body.message).toContain(field);
      }
      expect(writes.length).toBe(before);
    },
  );

  it('explains a validation error in the caller language', async () => {
    const res = await post({ amount: 10.5, currency: 'BRL' }, { lang: 'PT' });
    expect(res.json().message).toBe('amount: deve ser um número inteiro');
    const es = await post({ amount: 12, currency: 'USD' }, { lang: 'ES' });
    expect(es.json().message).toBe('currency: debe ser uno de: BRL, MXN, BDT');
  });

  it('refuses a body in a content type it does not accept', async () => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/test/transfer',
      headers: { 'content-type': 'application/xml' },
      payload: '<amount>1</amount>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
