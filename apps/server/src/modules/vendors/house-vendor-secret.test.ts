import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, testConfig } from '../../config';
import { houseVendorSecretPath, loadHouseVendorSecret } from './house-vendor-secret';

const quiet = { warn() {}, info() {} } as unknown as FastifyBaseLogger;
let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sorte-house-secret-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const production = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, ...env });

describe('the house vendor secret', () => {
  it('is generated once under DATA_DIR/keys, readable by the owner only, and reused', async () => {
    const first = await loadHouseVendorSecret(production(), quiet);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const path = houseVendorSecretPath(dataDir);
    expect((await readFile(path, 'utf8')).trim()).toBe(first);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await loadHouseVendorSecret(production(), quiet)).toBe(first);
  });

  it('comes from HOUSE_VENDOR_SECRET when set, and nothing is written', async () => {
    const secret = 'configured-secret-of-at-least-32-characters';
    expect(await loadHouseVendorSecret(production({ HOUSE_VENDOR_SECRET: secret }), quiet)).toBe(secret);
    await expect(stat(houseVendorSecretPath(dataDir))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a kept secret that is too short', async () => {
    await loadHouseVendorSecret(production(), quiet);
    await writeFile(houseVendorSecretPath(dataDir), 'short\n');
    await expect(loadHouseVendorSecret(production(), quiet)).rejects.toThrow(/at least 32 characters/);
  });

  it('is made in memory in tests, a new one each time', async () => {
    const a = await loadHouseVendorSecret(testConfig({ dataDir }), quiet);
    const b = await loadHouseVendorSecret(testConfig({ dataDir }), quiet);
    expect(a).not.toBe(b);
    await expect(stat(houseVendorSecretPath(dataDir))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('studio configuration', () => {
  it('defaults to the studio under /studio, opened everywhere but in tests', () => {
    expect(production()).toMatchObject({
      studioUrl: '/studio',
      houseStudio: true,
      houseVendorSecret: undefined,
    });
    expect(testConfig().houseStudio).toBe(false);
    expect(production({ HOUSE_STUDIO: 'false' }).houseStudio).toBe(false);
  });

  it('takes a path or an http(s) URL for STUDIO_URL, without its trailing slash', () => {
    expect(production({ STUDIO_URL: 'https://studio.example/games/' }).studioUrl).toBe(
      'https://studio.example/games',
    );
    expect(production({ STUDIO_URL: '/games/' }).studioUrl).toBe('/games');
    for (const bad of ['//evil.example', 'javascript:alert(1)', 'studio', 'ftp://x.example']) {
      expect(() => production({ STUDIO_URL: bad }), bad).toThrow(ConfigError);
    }
  });

  it('refuses a HOUSE_VENDOR_SECRET shorter than 32 characters, naming it', () => {
    expect(() => production({ HOUSE_VENDOR_SECRET: 'too short' })).toThrow(/HOUSE_VENDOR_SECRET/);
  });
});
