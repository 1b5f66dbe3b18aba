import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('loads a key once while fresh, shares an in-flight load, and reloads after expiry', async () => {
    let clock = 0;
    let loads = 0;
    const sut = new TtlCache<number>(1_000, 10, () => clock);
    const load = async () => ++loads;
    const [a, b] = await Promise.all([sut.get('k', load), sut.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    clock = 999;
    expect(await sut.get('k', load)).toBe(1);
    clock = 1_000;
    expect(await sut.get('k', load)).toBe(2);
  });

  it('forgets a failed load so the next caller tries again', async () => {
    const sut = new TtlCache<string>(60_000);
    await expect(sut.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await sut.get('k', async () => 'ok')).toBe('ok');
  });
});
