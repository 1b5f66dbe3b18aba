import { createHash } from 'node:crypto';
import { crashPointSync, generateChainSync } from '@sorte/fair/node';

export const TEST_SALT = 'test-salt';
export const TEST_CHAIN_LENGTH = 200;

/** A chain seed whose first game crashes between `low` and `high` hundredths (found by trying). */
export function seedWithFirstCrashBetween(low: number, high: number): { seed: string; crashPoint: number } {
  for (let i = 0; ; i++) {
    const seed = createHash('sha256').update(`crash-test-${low}-${high}-${i}`).digest('hex');
    const { hashes } = generateChainSync(seed, TEST_CHAIN_LENGTH);
    const crashPoint = crashPointSync(hashes[0] as string, TEST_SALT);
    if (crashPoint >= low && crashPoint <= high) return { seed, crashPoint };
  }
}

/** A chain seed whose first `count` games all crash between `low` and `high` hundredths. */
export function seedWithFirstCrashesBetween(
  count: number,
  low: number,
  high: number,
): { seed: string; crashPoints: number[] } {
  for (let i = 0; ; i++) {
    const seed = createHash('sha256').update(`crash-run-${count}-${low}-${high}-${i}`).digest('hex');
    const { hashes } = generateChainSync(seed, TEST_CHAIN_LENGTH);
    const crashPoints = hashes.slice(0, count).map((h) => crashPointSync(h, TEST_SALT));
    if (crashPoints.every((p) => p >= low && p <= high)) return { seed, crashPoints };
  }
}
