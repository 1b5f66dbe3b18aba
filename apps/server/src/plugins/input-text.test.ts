import { encryptPayload, findUnsafeText } from '@sorte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';

const operatorKey = 'operator-key-for-input-text-tests';

/** Fills a route's path parameters, e.g. `/ops/ledger/accounts/{id}` with the value given. */
const fillPath = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);

describe('text inputs refuse NUL and lone surrogates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ operatorApiKey: operatorKey });
  });
  afterAll(() => t.app.close());

  it('finds the first unsafe string, keys included', () => {
    expect(findUnsafeText({ a: 'ok', b: ['fine', 'x\u0000'] })).toEqual(['b', '1']);
    expect(findUnsafeText({ a: '\ud800' })).toEqual(['a']);
    expect(findUnsafeText({ a: 'x\udc00' })).toEqual(['a']);
    expect(findUnsafeText({ nested: { 'k\u0000': 1 } })).toEqual(['nested']);
    expect(findUnsafeText({ emoji: '😀 ação' })).toBeNull();
  });

  it('answers a NUL in the login name with a 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"a\\u0000","password":"whatever pass"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      value: { field: 'username' },
    });
    expect(res.json().message).toBe('username: must not contain a NUL character or broken Unicode');
  });

  it('answers a NUL in the affiliate code and a lone surrogate, in the caller’s language', async () => {
    const affiliate = await t.app.inject({ url: '/wps/agent/affiliate?code=%00', headers: { lang: 'PT' } });
    expect(affiliate.statusCode).toBe(400);
    expect(affiliate.json()).toMatchObject({ code: 'VALIDATION_FAILED', value: { field: 'code' } });
    expect(affiliate.json().message).toBe('code: não pode conter o caractere NUL nem Unicode inválido');
    const surrogate = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"\\ud800abc","password":"whatever pass"}',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().value.field).toBe('username');
  });

  it('looks inside an encrypted body too, once it is decrypted', async () => {
    const key = (await t.app.inject('/wps/system/publicKey')).json().value;
    const body = { username: 'nul\u0000user', password: 'whatever pass', confirmPassword: 'whatever pass' };
    const res = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      payload: await encryptPayload(key.jwk, key.keyId, 'PUT', '/wps/member/register', body),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', value: { field: 'username' } });
    expect(res.json().message).toMatch(/NUL/);
  });

  it('answers a NUL in an operator’s reason with a 400, not a database error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/payments/withdrawals/1/reject',
      headers: { 'x-operator-key': operatorKey, 'content-type': 'application/json' },
      payload: '{"reason":"fraud\\u0000"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', value: { field: 'reason' } });
  });

  it('answers the vendor wallet in its own always-200 form', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/vendor/HOUSE%00/wallet/balance',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'INVALID_REQUEST' });
  });

  it('covers every route of the API document', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: unknown[] }>> };
    const misses: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        const hasParams = /\{[^}]+\}/.test(path);
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          // A NUL in the path parameters when there are any, else in a query parameter.
          url: hasParams ? fillPath(path, 'x%00') : `${path}?probe=%00`,
          headers: { 'x-operator-key': operatorKey },
        });
        checked++;
        const body = res.json();
        const refused = path.startsWith('/vendor/')
          ? res.statusCode === 200 && body.status === 'INVALID_REQUEST'
          : res.statusCode === 400 && body.code === 'VALIDATION_FAILED' && /NUL/.test(body.message);
        if (!refused)
          misses.push(`${method.toUpperCase()} ${path} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(misses).toEqual([]);
  });
});
