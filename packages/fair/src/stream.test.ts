import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CLIENT_SEED, referenceFloats, SERVER_SEED } from '../test/reference';
import { fromHex, toHex } from './bytes';
import { nodeStream, play, SimulationStream, streamBlockSync } from './node';
import { type BlockStream, bytesToFloat, StreamExhaustedError, streamFromBlocks } from './stream';
import { playAsync, streamBlocks } from './web';

const bet = { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce: 0 };

describe('byte stream', () => {
  it('block 0 is HMAC-SHA256(serverSeed, "clientSeed:nonce:0") (known vector)', () => {
    expect(SERVER_SEED).toBe('9ed18a62dd02731d1b0212550ac8787a4097d9e40dbe9295e13a784db8ab7d4e');
    const expected = 'abcbc20094cfc3dbf85e4a665896ad579fb18b7d1e7c0818d58ff62cfb61c251';
    expect(createHmac('sha256', SERVER_SEED).update('sorte-client:0:0').digest('hex')).toBe(expected);
    expect(toHex(streamBlockSync(bet, 0))).toBe(expected);
    expect(toHex(streamBlockSync(bet, 1))).toBe(
      'c935b0aa28ad0bb5b283b83fb70fb7d6bb2a2cd6374e915d6427bad4e433c218',
    );
  });

  it('floats are Σ byte_i / 256^(i+1) over 4 bytes, continuing into the next round after 8', () => {
    const floats = play(bet, (s) => Array.from({ length: 20 }, () => s.nextFloat()));
    expect(floats).toEqual(referenceFloats(SERVER_SEED, CLIENT_SEED, 0, 20));
    expect(floats[0]).toBe(0.6710778474807739);
    expect(floats[8]).toBe(0.7859754958190024); // first float of round 1
    expect(bytesToFloat(0xab, 0xcb, 0xc2, 0x00)).toBe(0xabcbc200 / 2 ** 32);
  });

  it('bytesToFloat equals the big-endian uint32 over 2^32', () => {
    const bytes = randomBytes(4 * 1000);
    for (let i = 0; i < bytes.length; i += 4) {
      const [b0, b1, b2, b3] = bytes.subarray(i, i + 4) as unknown as [number, number, number, number];
      expect(bytesToFloat(b0, b1, b2, b3)).toBe(bytes.readUInt32BE(i) / 2 ** 32);
    }
    const s = streamFromBlocks([new Uint8Array(32).fill(255)]);
    expect(s.nextUint32()).toBe(2 ** 32 - 1);
    expect(s.nextFloat()).toBeLessThan(1);
  });

  it('counts what it has read and refuses to read past precomputed blocks', () => {
    const s = streamFromBlocks([fromHex('00'.repeat(32))]);
    expect(s.consumed).toBe(0);
    for (let i = 0; i < 8; i++) s.nextUint32();
    expect(s.consumed).toBe(8);
    expect(() => s.nextUint32()).toThrow(StreamExhaustedError);
  });

  it('WebCrypto and node:crypto give identical blocks and games', async () => {
    for (const nonce of [0, 1, 2, 99, 123456]) {
      const seeds = { ...bet, nonce };
      const web = await streamBlocks(seeds, 3);
      web.forEach((block, round) => {
        expect(toHex(block)).toBe(toHex(streamBlockSync(seeds, round)));
      });
      const game = (s: BlockStream) => Array.from({ length: 30 }, () => s.nextUint32());
      expect(await playAsync(seeds, game)).toEqual(play(seeds, game));
    }
  });

  it('playAsync replays with more blocks when a game reads further than precomputed', async () => {
    const game = (s: BlockStream) => Array.from({ length: 8 * 9 + 1 }, () => s.nextFloat());
    const web = await playAsync(bet, game, 1);
    expect(web).toEqual(referenceFloats(SERVER_SEED, CLIENT_SEED, 0, 8 * 9 + 1));
    const failing = () => {
      throw new Error('boom');
    };
    await expect(playAsync(bet, failing)).rejects.toThrow('boom'); // other errors are not retried
  });

  it('the simulation stream reads the same numbers as the bet stream, nonce after nonce', () => {
    const sim = new SimulationStream(SERVER_SEED, CLIENT_SEED);
    for (const nonce of [5, 6, 7]) {
      sim.reset(nonce);
      const s = nodeStream({ ...bet, nonce });
      for (let i = 0; i < 20; i++) expect(sim.nextUint32()).toBe(s.nextUint32());
    }
  });
});
