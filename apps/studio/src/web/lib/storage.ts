/**
 * sessionStorage that never throws: storage can be blocked in a third-party iframe (Safari, strict
 * privacy settings) and a game must still open, only without surviving a reload.
 */
export function readJson<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage unavailable: the frame works until the next reload
  }
}

export function remove(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}

export const storageKeys = {
  /** The studio session of one game frame (the launch token it came from, and the session). */
  session: (gameCode: string) => `sorte-studio:session:${gameCode}`,
  /** Server seeds revealed by rotations in this tab, newest first, so the player can verify them. */
  revealed: (playerId: string) => `sorte-studio:revealed:${playerId}`,
  /** The last bet amount per game, so a reload keeps the player's stake. */
  amount: (gameCode: string) => `sorte-studio:amount:${gameCode}`,
};
