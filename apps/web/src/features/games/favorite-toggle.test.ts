import { describe, expect, it, vi } from 'vitest';
import {
  createFavoriteToggle,
  createThrottle,
  FAVORITE_THROTTLE_MS,
  toggleFavoriteIds,
} from './favorite-toggle';

function setup({ loggedIn = true, ids = [] as number[] } = {}) {
  let now = 10_000;
  let current = [...ids];
  const deps = {
    isLoggedIn: () => loggedIn,
    openLogin: vi.fn(),
    currentIds: () => current,
    setIds: vi.fn((next: number[]) => {
      current = next;
    }),
    add: vi.fn(async (game: { nodeId: number }) => ({
      ids: [game.nodeId, ...current.filter((id) => id !== game.nodeId)],
    })),
    remove: vi.fn(async (nodeId: number) => ({ ids: current.filter((id) => id !== nodeId) })),
    onError: vi.fn(),
    throttle: createThrottle(FAVORITE_THROTTLE_MS, () => now),
  };
  return {
    deps,
    toggle: createFavoriteToggle(deps),
    ids: () => current,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('favourite heart', () => {
  it('checks the login first: a guest gets the login popup and nothing is called', async () => {
    const { toggle, deps } = setup({ loggedIn: false });
    expect(await toggle({ nodeId: 5 })).toBe('login');
    expect(deps.openLogin).toHaveBeenCalledOnce();
    expect(deps.add).not.toHaveBeenCalled();
    expect(deps.setIds).not.toHaveBeenCalled();
  });

  it('adds at once locally (before the server answers), with the vendor and type', async () => {
    const { toggle, deps } = setup({ ids: [1] });
    let resolve: (value: { ids: number[] }) => void = () => {};
    deps.add.mockImplementationOnce(() => new Promise((r) => (resolve = r)));
    const pending = toggle({ nodeId: 5, vendor: 'SORTE', gameType: 'RNG' });
    expect(deps.setIds).toHaveBeenLastCalledWith([5, 1]);
    expect(deps.add).toHaveBeenCalledWith({ nodeId: 5, vendor: 'SORTE', gameType: 'RNG' });
    resolve({ ids: [5, 1] });
    expect(await pending).toBe('added');
  });

  it('removes at once when the game is already a favourite', async () => {
    const { toggle, deps, ids } = setup({ ids: [5, 1] });
    expect(await toggle({ nodeId: 5 })).toBe('removed');
    expect(deps.setIds).toHaveBeenNthCalledWith(1, [1]);
    expect(deps.remove).toHaveBeenCalledWith(5);
    expect(ids()).toEqual([1]);
  });

  it('ignores presses of the same heart within 1000 ms, then answers again', async () => {
    const { toggle, deps, advance, ids } = setup();
    expect(await toggle({ nodeId: 7 })).toBe('added');
    advance(999);
    expect(await toggle({ nodeId: 7 })).toBe('throttled');
    expect(ids()).toEqual([7]);
    expect(deps.remove).not.toHaveBeenCalled();
    advance(1);
    expect(await toggle({ nodeId: 7 })).toBe('removed');
    expect(ids()).toEqual([]);
  });

  it('does not hold up another game', async () => {
    const { toggle, ids } = setup();
    await toggle({ nodeId: 7 });
    expect(await toggle({ nodeId: 8 })).toBe('added');
    expect(ids()).toEqual([8, 7]);
  });

  it('puts the list back and reports the error when the server refuses', async () => {
    const { toggle, deps, ids } = setup({ ids: [1] });
    deps.add.mockRejectedValueOnce(new Error('Network link is abnormal, please try again'));
    expect(await toggle({ nodeId: 9 })).toBe('failed');
    expect(ids()).toEqual([1]);
    expect(deps.onError).toHaveBeenCalledOnce();
  });

  it('adds a game at the front and never twice', () => {
    expect(toggleFavoriteIds([1, 2], 3)).toEqual({ ids: [3, 1, 2], added: true });
    expect(toggleFavoriteIds([1, 2], 2)).toEqual({ ids: [1], added: false });
  });
});
