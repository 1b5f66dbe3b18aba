import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { runSeeders } from './run-seeders';
import type { Seeder } from './seeders';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

describe('runSeeders', () => {
  it('runs each seeder once per database, in order', async () => {
    const calls: string[] = [];
    const seeders: Seeder[] = ['first', 'second'].map((name) => ({
      name,
      run: async () => {
        calls.push(name);
      },
    }));
    expect(await runSeeders(t.app, seeders)).toEqual(['first', 'second']);
    expect(await runSeeders(t.app, seeders)).toEqual([]);
    expect(calls).toEqual(['first', 'second']);
  });

  it('retries a seeder that failed on the next run', async () => {
    let attempts = 0;
    const flaky: Seeder = {
      name: 'flaky',
      run: async () => {
        attempts++;
        if (attempts === 1) throw new Error('disk full');
      },
    };
    await expect(runSeeders(t.app, [flaky])).rejects.toThrow('disk full');
    expect(await runSeeders(t.app, [flaky])).toEqual(['flaky']);
  });
});
