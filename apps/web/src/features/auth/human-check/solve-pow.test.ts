import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { sha256Hex, solvePow } from './solve-pow';

const challengeFor = (salt: string, number: number, maxnumber = 3_000) => ({
  algorithm: 'SHA-256' as const,
  challenge: createHash('sha256').update(`${salt}${number}`).digest('hex'),
  maxnumber,
  salt,
  signature: 'sig',
});

describe('proof-of-work solver', () => {
  it('hashes like SHA-256 in plain JavaScript too (for pages without crypto.subtle)', () => {
    for (const text of ['', 'abc', 'salt?expires=1&12345', 'x'.repeat(200), 'ção ✓']) {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
    }
  });

  it('finds the number and answers the payload the server verifies, reporting progress', async () => {
    const progress: number[] = [];
    const altcha = await solvePow(challengeFor('a1b2?expires=4102444800&', 2_345), (p) => progress.push(p));
    expect(JSON.parse(atob(altcha as string))).toMatchObject({ number: 2_345, signature: 'sig' });
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(1);
  });

  it('solves without crypto.subtle, and answers null when no number fits', async () => {
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    try {
      const altcha = await solvePow(challengeFor('c3d4&', 77));
      expect(JSON.parse(atob(altcha as string)).number).toBe(77);
      expect(
        await solvePow({ ...challengeFor('c3d4&', 77), challenge: 'f'.repeat(64), maxnumber: 500 }),
      ).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
