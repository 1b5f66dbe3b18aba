import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../test/reference';
import {
  crashPoint,
  crashPointFromHmac,
  crashWins,
  formatHundredths,
  generateChain,
  previousGameHash,
  verifyChain,
} from './crash';
import { crashPointSync, generateChainSync, verifyChainSync } from './node';

const CHAIN_SEED = sha256Hex('sorte fair test chain seed');
// A public salt of the kind bustabit uses (a Bitcoin block hash chosen after the chain was committed).
const SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';

/** bustabit's verifier `gameResult`, written out again on node:crypto, as a multiplier (2.35). */
function bustabitGameResult(salt: string, gameHashHex: string): number {
  const hm = createHmac('sha256', salt).update(Buffer.from(gameHashHex, 'hex')).digest('hex');
  const r = Number.parseInt(hm.slice(0, 13), 16);
  let x = r / 2 ** 52;
  x = 99 / (1 - x);
  return Math.max(1, Math.floor(x) / 100);
}

/** The same in exact integers: floor(99 · 2^52 / (2^52 − r)) hundredths, at least 100. */
function exactHundredths(salt: string, gameHashHex: string): number {
  const hm = createHmac('sha256', salt).update(Buffer.from(gameHashHex, 'hex')).digest('hex');
  const r = BigInt(`0x${hm.slice(0, 13)}`);
  const q = (99n * 2n ** 52n) / (2n ** 52n - r);
  return Number(q < 100n ? 100n : q);
}

describe('crash hash chain', () => {
  const chain = generateChainSync(CHAIN_SEED, 1000);
  // What the game server would have recorded: game number, hash and crash point of each game.
  const history = chain.hashes.map((hash, i) => ({ game: i + 1, hash, crash: crashPointSync(hash, SALT) }));

  it('links every game to the next and game 1 to the terminating hash (known vector)', () => {
    expect(CHAIN_SEED).toBe('0a3777f6d4b033dcb56f2d0d3d593d776f9e081c6c1a1f685ba90a1d8bbea965');
    expect(chain.terminatingHash).toBe('f115ea7099220a29569e71792a05030c9af7b807fe105ece7445ce27ebfde502');
    expect(chain.hashes[0]).toBe('a9e92ad974d2182ab8047205a868376a4ce618c37064b2436ad39c2a12725268');
    expect(chain.hashes[999]).toBe(CHAIN_SEED); // the secret seed is the last game's hash
    // Played in reverse of generation: game k's hash is SHA-256 of game k + 1's 32 bytes.
    for (let k = 1; k < 1000; k++)
      expect(sha256Hex(Buffer.from(chain.hashes[k] as string, 'hex'))).toBe(chain.hashes[k - 1]);
    expect(sha256Hex(Buffer.from(chain.hashes[0] as string, 'hex'))).toBe(chain.terminatingHash);
  });

  it('crash points recomputed from the published salt and the game hashes match the history', () => {
    for (const { hash, crash } of history) {
      expect(crash / 100).toBe(bustabitGameResult(SALT, hash));
      expect(crash).toBe(exactHundredths(SALT, hash));
    }
    expect(history.slice(0, 10).map((g) => g.crash)).toEqual([
      200, 211, 125, 326, 488, 144, 144, 1861, 221, 194,
    ]);
  });

  it('verifies any game of the history back to the terminating hash', () => {
    for (const { game, hash } of [history[0], history[1], history[499], history[999]] as typeof history)
      expect(verifyChainSync(chain.terminatingHash, hash, game)).toBe(true);
    const g = history[41] as (typeof history)[number];
    expect(verifyChainSync(chain.terminatingHash, g.hash, g.game + 1)).toBe(false);
    expect(
      verifyChainSync(chain.terminatingHash, (history[42] as (typeof history)[number]).hash, g.game),
    ).toBe(false);
    expect(verifyChainSync(chain.terminatingHash, 'zz', 1)).toBe(false);
  });

  it('the WebCrypto path agrees with the node path', async () => {
    const web = await generateChain(CHAIN_SEED, 50);
    expect(web).toEqual(generateChainSync(CHAIN_SEED, 50));
    expect(await verifyChain(web.terminatingHash, web.hashes[49] as string, 50)).toBe(true);
    expect(await verifyChain(chain.terminatingHash, chain.hashes[9] as string, 10)).toBe(true);
    expect(await previousGameHash(chain.hashes[5] as string)).toBe(chain.hashes[4]);
    for (const { hash, crash } of history.slice(0, 100)) expect(await crashPoint(hash, SALT)).toBe(crash);
  });

  it('has a 1% house edge: P(crash ≥ m) ≈ 0.99 / m over 10^5 games', () => {
    const n = 100_000;
    const games = generateChainSync(sha256Hex('distribution'), n).hashes.map((h) => crashPointSync(h, SALT));
    const share = (pred: (c: number) => boolean) => games.filter(pred).length / n;
    // Tolerances are 5 standard deviations of a binomial share over n games.
    const tol = (p: number) => 5 * Math.sqrt((p * (1 - p)) / n);
    expect(Math.abs(share((c) => c >= 200) - 0.495)).toBeLessThan(tol(0.495));
    // 1.00× takes the 1% below 0.99 and the ~0.98% between 1.00 and 1.01: 1 − 0.99 / 1.01.
    expect(Math.abs(share((c) => c === 100) - (1 - 0.99 / 1.01))).toBeLessThan(tol(0.0198));
    expect(Math.abs(share((c) => c >= 1000) - 0.099)).toBeLessThan(tol(0.099));
    expect(Math.min(...games)).toBe(100);
  });

  it('computes the edge cases of the formula', () => {
    expect(crashPointFromHmac(new Uint8Array(32))).toBe(100); // r = 0 → 99 / 1 → max(1, 0.99)
    const top = new Uint8Array(32).fill(255); // r = 2^52 − 1 → 99 · 2^52
    expect(crashPointFromHmac(top)).toBe(Math.floor(99 * 2 ** 52));
    expect(crashWins(235, 200)).toBe(true);
    expect(crashWins(199, 200)).toBe(false);
    expect(formatHundredths(235)).toBe('2.35');
    expect(formatHundredths(100)).toBe('1.00');
    expect(formatHundredths(186105)).toBe('1861.05');
  });
});
