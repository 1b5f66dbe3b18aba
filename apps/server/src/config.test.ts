import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives working defaults for the embedded mode', () => {
    const sut = loadConfig({});
    expect(sut).toMatchObject({ port: 8080, databaseUrl: undefined, dataDir: './data', seedDemo: true });
  });

  it('stops with a message naming each malformed variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'verbose' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'verbose', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('LOG_LEVEL');
      expect((error as Error).message).toContain('DATABASE_URL');
    }
  });

  it('reads PORT and DATABASE_URL overrides', () => {
    const sut = loadConfig({ PORT: '9000', DATABASE_URL: 'postgres://localhost/test' });
    expect(sut.port).toBe(9000);
    expect(sut.databaseUrl).toBe('postgres://localhost/test');
  });

  it('compiles PGlite eagerly unless PGLITE_EAGER_TIER_UP turns it off', () => {
    expect(loadConfig({}).pgliteEagerTierUp).toBe(true);
    expect(loadConfig({ PGLITE_EAGER_TIER_UP: 'false' }).pgliteEagerTierUp).toBe(false);
    expect(() => loadConfig({ PGLITE_EAGER_TIER_UP: 'maybe' })).toThrow(/PGLITE_EAGER_TIER_UP/);
  });
});
