/** The in-house studio's vendor codes: the studio's games (RNG, crash) and its bonus games. */
export const HOUSE_VENDOR = 'SORTE';
export const BONUS_VENDOR = 'BGS';
