import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../test/reference';
import { commitServerSeedSync, newSeedPairSync, rotateSeedsSync } from './node';
import {
  commitServerSeed,
  generateClientSeed,
  generateServerSeed,
  isValidClientSeed,
  newSeedPair,
  rotateSeeds,
  seedPair,
  takeNonce,
  verifyServerSeed,
} from './seeds';

describe('seeds', () => {
  it('server seeds are 32 random bytes in hex; client seeds 16 hex characters', () => {
    const a = generateServerSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(generateServerSeed()).not.toBe(a);
    expect(generateClientSeed()).toMatch(/^[0-9a-f]{16}$/);
  });

  it('the commitment is SHA-256 of the seed text, the same on both crypto paths (known vector)', async () => {
    const seed = '9ed18a62dd02731d1b0212550ac8787a4097d9e40dbe9295e13a784db8ab7d4e';
    const expected = 'c1eb896be22abebf7f1b67a7b0d41773fb49392e7f07e5bfe86b5ba0807b789d';
    expect(sha256Hex(seed)).toBe(expected);
    expect(await commitServerSeed(seed)).toBe(expected);
    expect(commitServerSeedSync(seed)).toBe(expected);
    expect(await verifyServerSeed(seed, expected)).toBe(true);
    expect(await verifyServerSeed(seed, expected.toUpperCase())).toBe(true);
    expect(await verifyServerSeed(generateServerSeed(), expected)).toBe(false);
  });

  it('a pair starts at nonce 0 and takes nonces one by one', async () => {
    const pair = await newSeedPair('my-seed');
    expect(pair.nonce).toBe(0);
    expect(pair.serverSeedHash).toBe(sha256Hex(pair.serverSeed));
    const first = takeNonce(pair);
    expect(first.bet).toEqual({ serverSeed: pair.serverSeed, clientSeed: 'my-seed', nonce: 0 });
    const second = takeNonce(first.next);
    expect(second.bet.nonce).toBe(1);
    expect(second.next.nonce).toBe(2);
    expect(pair.nonce).toBe(0); // pure: the input is untouched
  });

  it('rotation reveals the old server seed and commits to a new one with nonce 0', async () => {
    let pair = newSeedPairSync('abc');
    pair = takeNonce(takeNonce(pair).next).next;
    const { revealed, next } = await rotateSeeds(pair, 'new-client');
    expect(revealed).toEqual({
      serverSeed: pair.serverSeed,
      serverSeedHash: pair.serverSeedHash,
      clientSeed: 'abc',
      betCount: 2,
    });
    expect(await verifyServerSeed(revealed.serverSeed, revealed.serverSeedHash)).toBe(true);
    expect(next.serverSeed).not.toBe(pair.serverSeed);
    expect(next.clientSeed).toBe('new-client');
    expect(next.nonce).toBe(0);
    expect(next.serverSeedHash).toBe(sha256Hex(next.serverSeed));
    const sync = rotateSeedsSync(pair);
    expect(sync.next.clientSeed).toBe('abc');
    expect(sync.next.serverSeedHash).toBe(sha256Hex(sync.next.serverSeed));
  });

  it('client seeds are 1–64 visible ASCII characters', () => {
    expect(isValidClientSeed('lucky-7')).toBe(true);
    expect(isValidClientSeed('a:b')).toBe(true);
    expect(isValidClientSeed('')).toBe(false);
    expect(isValidClientSeed('has space')).toBe(false);
    expect(isValidClientSeed('x'.repeat(65))).toBe(false);
    expect(isValidClientSeed('ção')).toBe(false);
    expect(() => seedPair(generateServerSeed(), 'h', '')).toThrow();
    expect(() => seedPair('not-hex', 'h', 'ok')).toThrow();
  });
});
