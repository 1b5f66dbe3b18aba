import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';

const OPERATOR_KEY = 'operator-key-for-manifest-tests-01';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ operatorApiKey: OPERATOR_KEY });
});
afterAll(() => t.app.close());

const manifest = (query = '', headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/manifest.webmanifest${query}`, headers });

describe('web app manifest', () => {
  it('installs the Brazil site by default as a standalone app with 192 and 512 icons', async () => {
    const res = await manifest();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Sorte Brazil',
      short_name: 'Sorte',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f1222',
      background_color: '#0f1222',
    });
    const sizes = body.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  });

  it("names the merchant of the stored choice, in the visitor's language", async () => {
    expect((await manifest('?merchantCode=MX&lang=ES')).json()).toMatchObject({
      name: 'Sorte México',
      description: 'Juegos de casino, tragamonedas, crash y lotería.',
      lang: 'es',
    });
    expect((await manifest('', { merchantCode: 'BD', 'accept-language': 'bn-BD' })).json().name).toBe(
      'Sorte বাংলাদেশ',
    );
  });

  it('takes the merchant from the domain before any stored choice', async () => {
    const mapped = await t.app.inject({
      method: 'PUT',
      url: '/ops/system/domains',
      payload: { domain: 'sorte.com.bd', merchantCode: 'BD' },
      headers: { 'x-operator-key': OPERATOR_KEY },
    });
    expect(mapped.statusCode).toBe(200);
    const res = await manifest('?merchantCode=MX', { host: 'sorte.com.bd' });
    expect(res.json().name).toBe('Sorte Bangladesh');
  });

  it('uses the light theme colours when asked, and refuses an unknown theme with a 400 envelope', async () => {
    expect((await manifest('?theme=light')).json()).toMatchObject({
      theme_color: '#f4f5fb',
      background_color: '#f4f5fb',
    });
    const bad = await manifest('?theme=pink');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false });
  });
});
