/**
 * The WebCrypto path (globalThis.crypto.subtle): runs unchanged in browsers and in Node ≥ 19, so the
 * verify page recomputes any past bet with the code the server used. Asynchronous, as SubtleCrypto is.
 */
import { toHex, utf8 } from './bytes';
import {
  type BetSeeds,
  type BlockStream,
  roundMessage,
  StreamExhaustedError,
  streamFromBlocks,
} from './stream';

// Types taken from the global `crypto` itself, so this file type-checks both with the DOM library
// (the web app) and with Node's types (server, tests) without naming either.
type Subtle = typeof globalThis.crypto.subtle;
type Key = Awaited<ReturnType<Subtle['importKey']>>;
type Source = Parameters<Subtle['digest']>[1];

function subtle(): Subtle {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto (crypto.subtle) is not available: a secure context is required');
  return s;
}

type Bytes = Uint8Array;

/** SHA-256 of bytes. */
export async function sha256(data: Bytes): Promise<Uint8Array> {
  return new Uint8Array(await subtle().digest('SHA-256', data as Source));
}

/** SHA-256 of a string's UTF-8 bytes, as lower-case hex. */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(await sha256(utf8(text)));
}

async function hmacKey(key: Bytes): Promise<Key> {
  return subtle().importKey('raw', key as Source, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/** HMAC-SHA256(key, message). */
export async function hmacSha256(key: Bytes, message: Bytes): Promise<Uint8Array> {
  return new Uint8Array(await subtle().sign('HMAC', await hmacKey(key), message as Source));
}

/** Blocks 0 … count−1 of a bet's stream (the HMACs of `clientSeed:nonce:round`). */
export async function streamBlocks(seeds: BetSeeds, count: number): Promise<Uint8Array[]> {
  const key = await hmacKey(utf8(seeds.serverSeed));
  const blocks = Array.from(
    { length: count },
    async (_, round) =>
      new Uint8Array(
        await subtle().sign('HMAC', key, utf8(roundMessage(seeds.clientSeed, seeds.nonce, round)) as Source),
      ),
  );
  return Promise.all(blocks);
}

/**
 * Plays a game (a pure function of a synchronous stream) on a bet's seeds with WebCrypto. Blocks are
 * precomputed; if the game reads past them (a long free-spin run, say) it is replayed from the start
 * with twice as many — the game is deterministic, so the replay reads the same numbers.
 */
export async function playAsync<T>(
  seeds: BetSeeds,
  game: (stream: BlockStream) => T,
  initialBlocks = 2,
): Promise<T> {
  for (let count = Math.max(1, initialBlocks); ; count *= 2) {
    const blocks = await streamBlocks(seeds, count);
    try {
      return game(streamFromBlocks(blocks));
    } catch (error) {
      if (!(error instanceof StreamExhaustedError)) throw error;
    }
  }
}
