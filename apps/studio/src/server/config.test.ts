import { describe, expect, it } from 'vitest';
import { loadStudioConfig, StudioConfigError } from './config';

describe('loadStudioConfig', () => {
  it('compiles PGlite eagerly unless PGLITE_EAGER_TIER_UP turns it off', () => {
    expect(loadStudioConfig({}).pgliteEagerTierUp).toBe(true);
    expect(loadStudioConfig({ PGLITE_EAGER_TIER_UP: 'false' }).pgliteEagerTierUp).toBe(false);
    expect(() => loadStudioConfig({ PGLITE_EAGER_TIER_UP: 'maybe' })).toThrow(StudioConfigError);
  });
});
