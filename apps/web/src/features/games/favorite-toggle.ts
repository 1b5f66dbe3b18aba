/** Spec section 9: a favourite heart answers at most once a second. */
export const FAVORITE_THROTTLE_MS = 1000;

/**
 * A throttle per game: the first press goes through, presses of the same heart within `ms` after
 * it are ignored (a double tap does not add and remove at once). Other games are not held up.
 */
export function createThrottle(ms = FAVORITE_THROTTLE_MS, now: () => number = Date.now) {
  const last = new Map<number, number>();
  return (nodeId: number): boolean => {
    const time = now();
    const previous = last.get(nodeId);
    if (previous !== undefined && time - previous < ms) return false;
    last.set(nodeId, time);
    return true;
  };
}

/**
 * The local list after pressing a heart (spec section 4): a game not in the list is added at the
 * front (skipped if it is already there), a game in it is dropped at once.
 */
export function toggleFavoriteIds(ids: readonly number[], nodeId: number): { ids: number[]; added: boolean } {
  if (ids.includes(nodeId)) return { ids: ids.filter((id) => id !== nodeId), added: false };
  return { ids: [nodeId, ...ids], added: true };
}

/** What the add call carries (spec section 3): the game, its vendor and its type. */
export type FavoriteGame = { nodeId: number; vendor?: string; gameType?: string };

export type FavoriteToggleDeps = {
  isLoggedIn: () => boolean;
  openLogin: () => void;
  currentIds: () => readonly number[];
  /** Shows the new list at once, before the server answers. */
  setIds: (ids: number[]) => void;
  add: (game: FavoriteGame) => Promise<{ ids: number[] }>;
  remove: (nodeId: number) => Promise<{ ids: number[] }>;
  /** The server refused: show its message; the list goes back to what the server has. */
  onError: (error: unknown) => void;
  throttle?: (nodeId: number) => boolean;
};

/**
 * Pressing a heart: the login check comes first (a guest gets the login popup and nothing else
 * happens), then the throttle, then the local change, then the call. The server's answer (every
 * favourite id) replaces the local list.
 */
export function createFavoriteToggle(deps: FavoriteToggleDeps) {
  const throttle = deps.throttle ?? createThrottle();
  return async (game: FavoriteGame): Promise<'login' | 'throttled' | 'added' | 'removed' | 'failed'> => {
    const { nodeId } = game;
    if (!deps.isLoggedIn()) {
      deps.openLogin();
      return 'login';
    }
    if (!throttle(nodeId)) return 'throttled';
    const before = [...deps.currentIds()];
    const next = toggleFavoriteIds(before, nodeId);
    deps.setIds(next.ids);
    try {
      const answer = next.added ? await deps.add(game) : await deps.remove(nodeId);
      deps.setIds(answer.ids);
      return next.added ? 'added' : 'removed';
    } catch (error) {
      deps.setIds(before);
      deps.onError(error);
      return 'failed';
    }
  };
}
