import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkChain, checkServerSeed, recompute, verifyCrashGame } from './recompute';

// The known vectors of packages/fair's tests: the same seeds give the same outcomes here, in the
// browser's WebCrypto path, as on the server.
const serverSeed = createHash('sha256').update('sorte fair test server seed').digest('hex');
const clientSeed = 'sorte-client';
const seeds = { serverSeed, clientSeed };

describe('verify page recomputation', () => {
  it('recomputes dice rolls and their result', async () => {
    expect(await recompute({ game: 'dice', ...seeds, nonce: 0, direction: 'over', target: 5050 })).toEqual({
      game: 'dice',
      roll: 6711,
      win: true,
      multiplierBp: 20000,
    });
    expect(
      await recompute({ game: 'dice', ...seeds, nonce: 3, direction: 'under', target: 1000 }),
    ).toMatchObject({
      roll: 176,
      win: true,
      multiplierBp: 99000,
    });
    expect(
      await recompute({ game: 'dice', ...seeds, nonce: 4, direction: 'over', target: 5050 }),
    ).toMatchObject({
      roll: 4793,
      win: false,
    });
  });

  it('recomputes limbo, mines and plinko', async () => {
    expect(await recompute({ game: 'limbo', ...seeds, nonce: 0, target: 200 })).toMatchObject({
      result: 300,
      win: true,
    });
    expect(await recompute({ game: 'mines', ...seeds, nonce: 0, mines: 3 })).toEqual({
      game: 'mines',
      mines: [16, 14, 24],
    });
    expect(await recompute({ game: 'mines', ...seeds, nonce: 1, mines: 3 })).toEqual({
      game: 'mines',
      mines: [23, 1, 17],
    });
    const plinko = await recompute({ game: 'plinko', ...seeds, nonce: 1, rows: 8, risk: 'low' });
    expect(plinko.game === 'plinko' && plinko.bucket).toBe(
      plinko.game === 'plinko' ? plinko.path.reduce((a, b) => a + b, 0) : -1,
    );
  });

  it('checks the revealed server seed against the hash shown before play', async () => {
    const hash = createHash('sha256').update(serverSeed).digest('hex');
    expect(await checkServerSeed(serverSeed, hash.toUpperCase())).toEqual({ computed: hash, matches: true });
    expect((await checkServerSeed(serverSeed, 'f'.repeat(64))).matches).toBe(false);
  });

  it('asks for what is missing rather than guessing', async () => {
    await expect(recompute({ game: 'mines', ...seeds, nonce: 0 })).rejects.toMatchObject({ field: 'mines' });
    await expect(recompute({ game: 'dice', serverSeed, nonce: 0 })).rejects.toMatchObject({
      field: 'clientSeed',
    });
  });

  it('gives a crash game its crash point (bustabit formula) and checks it against the chain', async () => {
    const salt = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
    // A chain of 5 games: game 5's hash is the secret seed; each earlier one hashes the next.
    const hashes: string[] = [createHash('sha256').update('chain seed').digest('hex')];
    for (let i = 0; i < 4; i++)
      hashes.unshift(
        createHash('sha256')
          .update(Buffer.from(hashes[0] as string, 'hex'))
          .digest('hex'),
      );
    const terminating = createHash('sha256')
      .update(Buffer.from(hashes[0] as string, 'hex'))
      .digest('hex');
    for (const [i, hash] of hashes.entries()) {
      const hm = createHmac('sha256', salt).update(Buffer.from(hash, 'hex')).digest('hex');
      const r = Number.parseInt(hm.slice(0, 13), 16);
      const expected = Math.max(100, Math.floor(99 / (1 - r / 2 ** 52)));
      const game = await verifyCrashGame(hash, salt);
      expect(game.crashPoint).toBe(expected);
      if (i > 0) expect(game.previousHash).toBe(hashes[i - 1]);
      expect(await checkChain(hash, terminating, i + 1)).toBe(true);
      expect(await checkChain(hash, terminating, i + 2)).toBe(false);
    }
  });
});
