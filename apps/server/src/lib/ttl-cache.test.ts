import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

const settle = () => new Promise((resolve) => setImmediate(resolve));

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
    // Past its time: the old value at once, one reload behind it, the new value next.
    expect(await Promise.all([sut.get('k', load), sut.get('k', load)])).toEqual([1, 1]);
    await settle();
    expect(loads).toBe(2);
    expect(await sut.get('k', load)).toBe(2);
  });

  it('waits for a reload once the value is older than the stale window', async () => {
    let clock = 0;
    let loads = 0;
    const sut = new TtlCache<number>(1_000, 10, () => clock, 500);
    const load = async () => ++loads;
    expect(await sut.get('k', load)).toBe(1);
    clock = 1_500;
    expect(await sut.get('k', load)).toBe(2);
  });

  it('keeps the old value while reloads fail, and forgets a failed first load', async () => {
    let clock = 0;
    const sut = new TtlCache<string>(1_000, 10, () => clock);
    expect(await sut.get('k', async () => 'old')).toBe('old');
    clock = 1_200;
    expect(await sut.get('k', async () => Promise.reject(new Error('db down')))).toBe('old');
    await settle();
    expect(await sut.get('k', async () => 'new')).toBe('old');
    await settle();
    expect(await sut.get('k', async () => 'newer')).toBe('new');

    const fresh = new TtlCache<string>(60_000);
    await expect(fresh.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await fresh.get('k', async () => 'ok')).toBe('ok');
  });
});
