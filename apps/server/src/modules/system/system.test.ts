import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { writeCountryMmdb } from '../../../test/support/mmdb-writer';
import { demoContentSeeder } from '../../seed/demo-content';
import { runSeeders } from '../../seed/run-seeders';

const OPERATOR_KEY = 'operator-key-for-system-tests-0001';
let t: TestApp;
let geoFile: string;

beforeAll(async () => {
  geoFile = join(mkdtempSync(join(tmpdir(), 'sorte-geo-')), 'country.mmdb');
  writeFileSync(
    geoFile,
    writeCountryMmdb([
      { cidr: '200.160.0.0/16', country: 'BR' },
      { cidr: '189.240.0.0/14', country: 'MX' },
      { cidr: '103.4.0.0/14', country: 'BD' },
      { cidr: '8.8.8.0/24', country: 'US' },
    ]),
  );
  t = await buildTestApp({
    operatorApiKey: OPERATOR_KEY,
    geoCountryHeader: 'cf-ipcountry',
    geoipDatabaseFile: geoFile,
    imageCdns: ['https://img1.example', 'https://img2.example'],
  });
});
afterAll(() => t.app.close());

const status = (remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: '/wps/system/status', remoteAddress, headers });
const ops = (url: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url,
    payload: payload as object,
    headers: { 'x-operator-key': OPERATOR_KEY },
  });

describe('site status', () => {
  it('is normal for a visitor of the merchant country, and for one whose country is unknown', async () => {
    expect((await status('200.160.1.1')).json().value).toEqual({
      status: 0,
      maintenance: null,
      region: null,
    });
    expect((await status('10.0.0.1')).json().value.status).toBe(0);
  });

  it('blocks a country the merchant does not serve, naming the visitor address', async () => {
    const res = await status('8.8.8.8');
    expect(res.json().value).toEqual({
      status: 2,
      maintenance: null,
      region: { ip: '8.8.8.8', countryCode: 'US' },
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
    // The Mexican site serves Mexico: a Mexican address is blocked on the Brazilian one only.
    expect((await status('189.241.0.9')).json().value.status).toBe(2);
    expect((await status('189.241.0.9', { merchantCode: 'MX' })).json().value.status).toBe(0);
  });

  it('trusts the configured CDN header over the address database', async () => {
    expect((await status('8.8.8.8', { 'cf-ipcountry': 'BR' })).json().value.status).toBe(0);
    expect((await status('200.160.1.1', { 'cf-ipcountry': 'FR' })).json().value.region.countryCode).toBe(
      'FR',
    );
    // Cloudflare's "unknown" falls through to the database.
    expect((await status('8.8.8.8', { 'cf-ipcountry': 'XX' })).json().value.region.countryCode).toBe('US');
  });

  it('shows maintenance in the visitor language, over a region block, until the operator lifts it', async () => {
    const set = await ops('/ops/system/maintenance', {
      merchantCode: 'br',
      maintenance: {
        title: { EN: 'Scheduled maintenance', PT: 'Manutenção programada' },
        info: { EN: 'Back at 06:00.', PT: 'Voltamos às 06:00.' },
        links: { telegram: 'https://t.me/sorte_example' },
      },
    });
    expect(set.statusCode).toBe(200);
    const pt = (await status('8.8.8.8', { lang: 'pt' })).json().value;
    expect(pt).toEqual({
      status: 1,
      maintenance: {
        title: 'Manutenção programada',
        info: 'Voltamos às 06:00.',
        links: { telegram: 'https://t.me/sorte_example' },
      },
      region: null,
    });
    // No Bengali text: English, the fallback.
    expect((await status('200.160.1.1', { lang: 'bn' })).json().value.maintenance.title).toBe(
      'Scheduled maintenance',
    );
    expect((await status('200.160.1.1', { merchantCode: 'MX' })).json().value.status).toBe(2);
    await ops('/ops/system/maintenance', { merchantCode: 'BR', maintenance: null });
    expect((await status('200.160.1.1')).json().value.status).toBe(0);
  });

  it('lets the operator open a merchant to every country', async () => {
    await ops('/ops/system/region', { merchantCode: 'BR', allowedCountries: null });
    expect((await status('8.8.8.8')).json().value.status).toBe(0);
    await ops('/ops/system/region', { merchantCode: 'BR', allowedCountries: ['br'] });
    expect((await status('8.8.8.8')).json().value.status).toBe(2);
  });

  it('refuses operator calls without the key and bad operator input with a field', async () => {
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/ops/system/maintenance',
      payload: { merchantCode: 'BR', maintenance: null },
    });
    expect(anonymous.statusCode).toBe(401);
    const noEnglish = await ops('/ops/system/maintenance', {
      merchantCode: 'BR',
      maintenance: { title: { PT: 'Manutenção' }, info: { PT: 'Já voltamos' } },
    });
    expect(noEnglish.statusCode).toBe(400);
    expect(noEnglish.json().value.field).toBe('maintenance.title');
    const unknown = await ops('/ops/system/region', { merchantCode: 'ZZ', allowedCountries: null });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('merchantCode: This merchant does not exist');
  });
});

describe('merchants', () => {
  it('answers the region table, the current merchant and the one the visitor country suggests', async () => {
    const res = await t.app.inject({ url: '/wps/system/merchants', remoteAddress: '103.5.0.1' });
    const value = res.json().value;
    expect(value.merchants.map((m: { merchantCode: string }) => m.merchantCode)).toEqual(['BR', 'MX', 'BD']);
    expect(value.merchants[2]).toMatchObject({ currency: 'BDT', langList: ['EN', 'BN'] });
    expect(value).toMatchObject({ current: 'BR', fromDomain: false, suggested: 'BD' });
    // An unknown country suggests nothing (the client then shows the region picker).
    expect(
      (await t.app.inject({ url: '/wps/system/merchants', remoteAddress: '10.1.1.1' })).json().value
        .suggested,
    ).toBe(null);
  });

  it('picks the merchant from the domain before any stored choice', async () => {
    expect(
      (await ops('/ops/system/domains', { domain: 'Sorte.com.MX', merchantCode: 'MX' })).statusCode,
    ).toBe(200);
    const res = await t.app.inject({
      url: '/wps/system/merchants',
      headers: { host: 'sorte.com.mx', merchantCode: 'BD' },
    });
    expect(res.json().value).toMatchObject({ current: 'MX', fromDomain: true });
    const other = await t.app.inject({
      url: '/wps/system/merchants',
      headers: { host: 'other.example', merchantCode: 'BD' },
    });
    expect(other.json().value.current).toBe('BD');
    const setting = await t.app.inject({
      url: '/wps/system/setting/register',
      headers: { host: 'sorte.com.mx:8080' },
    });
    expect(setting.statusCode).toBe(200);
  });
});

describe('permission', () => {
  it('answers site info, the visitor location and the status flags in one read', async () => {
    await runSeeders(t.app, [demoContentSeeder]);
    const res = await t.app.inject({ url: '/wps/system/permission', remoteAddress: '8.8.8.8' });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value.location).toEqual({ ip: '8.8.8.8', countryCode: 'US' });
    expect(value).toMatchObject({ maintenance: false, regionRestriction: true });
    expect(value.info).toMatchObject({
      merchantCode: 'BR',
      whitelabel: { USERNAMEREG3: true },
      launchGameCDN: null,
      analyticsId: null,
    });
    expect(value.info.registerRules.username).toMatchObject({ required: true });
    expect(['https://img1.example', 'https://img2.example']).toContain(value.info.imageCDN);
    expect(value.info.customerService[0]).toMatchObject({ type: 'CUSTOMER_SERVICE' });
    expect(value.info.resources.map((r: { type: string }) => r.type)).toContain('TELEGRAM');
    expect(typeof value.info.mainDomain).toBe('string');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('member language', () => {
  it('stores the language a member picks, and refuses a code the picker does not offer', async () => {
    const password = 'language pass 1';
    const reg = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      payload: { username: 'idioma1', password, confirmPassword: password },
    });
    const token = reg.json().value.token;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/language',
      headers: { token },
      payload: { language: 'PT' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.query<{ language: string }>(
      "select language from members where username = 'idioma1'",
    );
    expect(row?.language).toBe('PT');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/language',
      headers: { token },
      payload: { language: 'XX' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().value.field).toBe('language');
    expect(
      (await t.app.inject({ method: 'PUT', url: '/wps/member/language', payload: { language: 'PT' } }))
        .statusCode,
    ).toBe(401);
  });
});
