/**
 * `@sorte/fair/node`: everything in `@sorte/fair` plus a synchronous node:crypto path for the server
 * and for simulations. Same bytes as the WebCrypto path (the tests compare them), just no awaits and
 * no per-block promise.
 */
import { createHash, createHmac } from 'node:crypto';
import { fromHex, isHex64, toHex, utf8 } from './bytes';
import { crashPointFromHmac, type HashChain } from './crash';
import {
  generateClientSeed,
  generateServerSeed,
  type RevealedSeeds,
  rotate,
  type SeedPair,
  seedPair,
} from './seeds';
import { type BetSeeds, BlockStream, roundMessage } from './stream';

export * from './index';

/** HMAC-SHA256(key, message), synchronously. */
export function hmacSha256Sync(key: Uint8Array | string, message: Uint8Array | string): Uint8Array {
  return new Uint8Array(createHmac('sha256', key).update(message).digest());
}

/** SHA-256, synchronously. */
export function sha256Sync(data: Uint8Array | string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(data).digest());
}

/** Block `round` of a bet's stream. */
export function streamBlockSync(seeds: BetSeeds, round: number): Uint8Array {
  return createHmac('sha256', seeds.serverSeed)
    .update(roundMessage(seeds.clientSeed, seeds.nonce, round))
    .digest();
}

/** A bet's stream, blocks computed on demand. */
export function nodeStream(seeds: BetSeeds): BlockStream {
  return new BlockStream((round) => streamBlockSync(seeds, round));
}

/** Plays a game (a pure function of a stream) on a bet's seeds, synchronously. */
export function play<T>(seeds: BetSeeds, game: (stream: BlockStream) => T): T {
  return game(nodeStream(seeds));
}

/**
 * One stream object re-aimed at nonce after nonce, for simulations of 10^8 bets: the same bytes as
 * `nodeStream`, without a closure and a stream object per bet.
 */
export class SimulationStream {
  private block: Buffer = Buffer.alloc(0);
  private round = -1;
  private offset = 32;
  private prefix = '';

  constructor(
    private readonly serverSeed: string,
    private readonly clientSeed: string,
  ) {}

  /** HMAC blocks computed for the current bet so far. */
  get blocksRead(): number {
    return this.round + 1;
  }

  /** Starts the stream of bet `nonce`. */
  reset(nonce: number): this {
    this.prefix = `${this.clientSeed}:${nonce}:`;
    this.round = -1;
    this.offset = 32;
    return this;
  }

  nextUint32(): number {
    if (this.offset === 32) {
      this.round += 1;
      this.block = createHmac('sha256', this.serverSeed)
        .update(this.prefix + this.round)
        .digest();
      this.offset = 0;
    }
    const v = this.block.readUInt32BE(this.offset);
    this.offset += 4;
    return v;
  }

  nextFloat(): number {
    return this.nextUint32() / 4294967296;
  }
}

// Seeds, synchronously.

export function commitServerSeedSync(serverSeed: string): string {
  return toHex(sha256Sync(serverSeed));
}

export function newSeedPairSync(clientSeed: string = generateClientSeed()): SeedPair {
  const serverSeed = generateServerSeed();
  return seedPair(serverSeed, commitServerSeedSync(serverSeed), clientSeed);
}

export function rotateSeedsSync(
  pair: SeedPair,
  clientSeed: string = pair.clientSeed,
): { revealed: RevealedSeeds; next: SeedPair } {
  return rotate(pair, newSeedPairSync(clientSeed));
}

// Crash, synchronously.

export function crashPointSync(gameHash: string, salt: string): number {
  if (!isHex64(gameHash)) throw new Error('game hash must be 64 hex characters');
  return crashPointFromHmac(hmacSha256Sync(utf8(salt), fromHex(gameHash)));
}

export function generateChainSync(seed: string, length: number): HashChain {
  if (!isHex64(seed)) throw new Error('chain seed must be 64 hex characters');
  const hashes = new Array<string>(length);
  let h = fromHex(seed);
  for (let k = length; k >= 1; k--) {
    hashes[k - 1] = toHex(h);
    h = sha256Sync(h);
  }
  return { terminatingHash: toHex(h), hashes };
}

export function verifyChainSync(terminatingHash: string, gameHash: string, gameNumber: number): boolean {
  if (!isHex64(gameHash) || !isHex64(terminatingHash) || !Number.isSafeInteger(gameNumber) || gameNumber < 1)
    return false;
  let h = fromHex(gameHash);
  for (let i = 0; i < gameNumber; i++) h = sha256Sync(h);
  return toHex(h) === terminatingHash.toLowerCase();
}
