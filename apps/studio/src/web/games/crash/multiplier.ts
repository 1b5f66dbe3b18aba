/**
 * The crash multiplier as a function of the round's elapsed time, the same formula the game server
 * uses: m(t) = floor(100 · e^(0.00006 · t)) / 100, t in ms (2× after about 11.6 s). The server only
 * sends elapsed time in its ticks (bustabit style); the client draws the curve from it, so every
 * player sees the same number at the same moment whatever their tick rate.
 */

export const GROWTH_PER_MS = 0.00006;

/** The displayed multiplier at `elapsedMs`, in hundredths (100 = 1.00×), rounded down like the server. */
export function hundredthsAt(elapsedMs: number): number {
  return Math.floor(100 * Math.exp(GROWTH_PER_MS * Math.max(0, elapsedMs)));
}

/** The smooth curve value at `elapsedMs`, for drawing (not for money). */
export function curveAt(elapsedMs: number): number {
  return Math.exp(GROWTH_PER_MS * Math.max(0, elapsedMs));
}

/** When the multiplier reaches `hundredths`: the inverse, to place a cash-out or crash on the time axis. */
export function elapsedFor(hundredths: number): number {
  return Math.log(Math.max(100, hundredths) / 100) / GROWTH_PER_MS;
}

/**
 * Multipliers in the protocol are hundredths (235 = 2.35×), as in @sorte/fair. A decimal such as
 * 2.35 is accepted too, so the display never shows 0.02× if a server sends the multiplier itself.
 */
export function toHundredths(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (Number.isInteger(value) && value >= 100) return value;
  return Math.round(value * 100);
}

/**
 * The local clock time the round started, kept from tick to tick. A tick that implies an earlier
 * start (it travelled faster) moves it back; one that implies a start much later (this clock ran
 * ahead, or the tab slept) snaps to it. Small jitter in between is ignored so the curve stays smooth.
 */
export function syncStart(current: number | null, now: number, elapsedMs: number, tolerance = 250): number {
  const candidate = now - elapsedMs;
  if (current === null || candidate < current || candidate - current > tolerance) return candidate;
  return current;
}
