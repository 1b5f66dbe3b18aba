/**
 * The provably-fair random stream of one bet.
 *
 * Block `round` of the stream is HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${round}`)
 * (the seeds as UTF-8 text), rounds 0, 1, 2, … as needed. Each 32-byte block gives eight numbers of
 * four bytes; a number is read big-endian, which is the same as the Stake-style float
 * Σ byte_i / 256^(i+1) (i = 0..3) — see `bytesToFloat`, kept to document and test that equality.
 *
 * Games are pure functions of a synchronous `FloatStream`. Where the HMAC is asynchronous (WebCrypto in
 * the browser), the blocks are computed first and the game replays over them (`playAsync` in
 * `./web`); on the server `@sorte/fair/node` computes blocks lazily with node:crypto. Both read the
 * very same bytes, so a game gives the same outcome on either path.
 */

/** What identifies one bet's stream. `nonce` counts the player's bets under the current seed pair. */
export interface BetSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** The HMAC message of one block. */
export function roundMessage(clientSeed: string, nonce: number, round: number): string {
  return `${clientSeed}:${nonce}:${round}`;
}

/** Bytes per HMAC-SHA256 block and numbers (of 4 bytes) per block. */
export const BLOCK_BYTES = 32;
export const NUMBERS_PER_BLOCK = BLOCK_BYTES / 4;

/** 2^32: a stream number `u` stands for the float u / 2^32 in [0, 1). */
export const TWO_POW_32 = 4294967296;

/**
 * The Stake-style float of four bytes: b0/256 + b1/256² + b2/256³ + b3/256⁴. Every term is a power of
 * two fraction, so the sum is exact in a double and equals readUint32BE / 2^32.
 */
export function bytesToFloat(b0: number, b1: number, b2: number, b3: number): number {
  return b0 / 256 + b1 / 256 ** 2 + b2 / 256 ** 3 + b3 / 256 ** 4;
}

/** A source of uniform numbers for one bet. */
export interface FloatStream {
  /** The next four bytes as an unsigned big-endian integer in [0, 2^32). */
  nextUint32(): number;
  /** The same four bytes as a float in [0, 1): nextUint32() / 2^32. */
  nextFloat(): number;
}

/**
 * A uniform integer in [0, n) from one stream number: floor(float · n), computed on the integer so
 * that it is exact (u · n < 2^53 for n < 2^21). Exactly uniform when n divides 2^32 (a power of two);
 * otherwise each value's probability is within 1/2^32 of 1/n.
 */
export function nextInt(stream: FloatStream, n: number): number {
  return Math.floor((stream.nextUint32() * n) / TWO_POW_32);
}

/** Thrown when a game reads past the blocks that were precomputed for it (see `playAsync`). */
export class StreamExhaustedError extends Error {
  constructor(readonly blocks: number) {
    super(`the stream ran out after ${blocks} precomputed block(s)`);
    this.name = 'StreamExhaustedError';
  }
}

/** Returns block `round` (32 bytes) of a bet's stream. */
export type BlockSource = (round: number) => Uint8Array;

/** A `FloatStream` reading blocks from a source, eight numbers per block, blocks in round order. */
export class BlockStream implements FloatStream {
  private block: Uint8Array | null = null;
  private round = -1;
  private offset = BLOCK_BYTES;

  constructor(private readonly source: BlockSource) {}

  /** How many numbers have been read so far (a bet's result records this for audit). */
  get consumed(): number {
    return this.round * NUMBERS_PER_BLOCK + this.offset / 4;
  }

  nextUint32(): number {
    if (this.offset === BLOCK_BYTES) {
      this.round += 1;
      this.block = this.source(this.round);
      this.offset = 0;
    }
    const b = this.block as Uint8Array;
    const o = this.offset;
    this.offset = o + 4;
    // `* 2 ** 24` rather than `<< 24` keeps the value unsigned.
    return (
      (b[o] as number) * 16777216 +
      (((b[o + 1] as number) << 16) | ((b[o + 2] as number) << 8) | (b[o + 3] as number))
    );
  }

  nextFloat(): number {
    return this.nextUint32() / TWO_POW_32;
  }
}

/** A stream over blocks computed beforehand; reading past them throws `StreamExhaustedError`. */
export function streamFromBlocks(blocks: readonly Uint8Array[]): BlockStream {
  return new BlockStream((round) => {
    const block = blocks[round];
    if (!block) throw new StreamExhaustedError(blocks.length);
    return block;
  });
}
