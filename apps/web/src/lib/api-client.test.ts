import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch } from './api-client';

afterEach(() => vi.unstubAllGlobals());

const respond = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );

describe('apiFetch', () => {
  it('unwraps the value of a successful envelope and sends the language and token', async () => {
    respond(200, { success: true, code: 'OK', message: 'OK', value: { balance: 100 } });
    sessionStorage.setItem('token', 'abc');
    await expect(apiFetch('/wps/member/info', { language: 'pt' })).resolves.toEqual({ balance: 100 });
    const [, init] = (fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0] as [string, RequestInit];
    expect(init.headers).toMatchObject({ lang: 'pt', authorization: 'Bearer abc' });
  });

  it('turns an error envelope into an ApiError with the server code and localised message', async () => {
    respond(409, { success: false, code: 'INSUFFICIENT_FUNDS', message: 'Saldo insuficiente.', value: null });
    const error = await apiFetch('/x', { language: 'pt', method: 'POST', body: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'INSUFFICIENT_FUNDS', message: 'Saldo insuficiente.' });
  });

  it('reports a network failure in words a person understands', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiFetch('/x', { language: 'en' })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Network link is abnormal, please try again',
    });
  });
});
