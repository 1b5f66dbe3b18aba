import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadOnStaleBuild } from './stale-build';

/** A window of its own, so the listener does not stay on the shared test window. */
function fakeWindow() {
  const target = new EventTarget() as unknown as Window;
  const storage = new Map<string, string>();
  const reload = vi.fn();
  Object.assign(target, {
    location: { reload },
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    },
  });
  return { target, reload };
}

const staleChunk = () => new Event('vite:preloadError', { cancelable: true });

afterEach(() => vi.useRealTimers());

describe('a console left open over a deployment', () => {
  it('reloads once when a screen of the old build cannot be loaded, and not again within a minute', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z') });
    const { target, reload } = fakeWindow();
    reloadOnStaleBuild(target);

    const first = staleChunk();
    target.dispatchEvent(first);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);

    vi.advanceTimersByTime(30_000);
    const second = staleChunk();
    target.dispatchEvent(second);
    expect(reload).toHaveBeenCalledTimes(1);
    // Not prevented: the router shows the error instead of loading the page in a loop.
    expect(second.defaultPrevented).toBe(false);

    vi.advanceTimersByTime(31_000);
    target.dispatchEvent(staleChunk());
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
