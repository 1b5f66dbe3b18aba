/**
 * Seeds: the server commits to a secret server seed by showing its SHA-256 before any bet; the player
 * picks the client seed (changeable); each bet takes the next nonce. Rotating reveals the old server
 * seed, so every bet made under it can be recomputed, and commits to a new one.
 *
 * Pure functions over a plain `SeedPair` record: the studio stores it, these only compute.
 */
import { isHex64, randomBytes, toHex } from './bytes';
import type { BetSeeds } from './stream';
import { sha256Hex } from './web';

export interface SeedPair {
  /** Secret until rotation: 64 hex characters (32 random bytes). */
  serverSeed: string;
  /** SHA-256 of the server seed's text (hex), shown to the player before play. */
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next bet will use; 0 for a fresh pair. */
  nonce: number;
}

/** What a rotation publishes about the retired pair. */
export interface RevealedSeeds {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** Bets made under the pair: nonces 0 … betCount − 1. */
  betCount: number;
}

/** A new server seed: 32 bytes from the CSPRNG, as 64 lower-case hex characters. */
export function generateServerSeed(): string {
  return toHex(randomBytes(32));
}

/** A default client seed (the player may replace it): 16 hex characters from the CSPRNG. */
export function generateClientSeed(): string {
  return toHex(randomBytes(8));
}

/**
 * Client seeds are 1–64 visible ASCII characters. (The HMAC message `clientSeed:nonce:round` stays
 * unambiguous even with ':' in the seed, since nonce and round are the last two fields and digits only;
 * the rule keeps seeds easy to type and copy.)
 */
export const CLIENT_SEED_PATTERN = /^[\x21-\x7e]{1,64}$/;

export function isValidClientSeed(clientSeed: string): boolean {
  return CLIENT_SEED_PATTERN.test(clientSeed);
}

function assertClientSeed(clientSeed: string): void {
  if (!isValidClientSeed(clientSeed)) throw new Error('client seed must be 1–64 visible ASCII characters');
}

/** The commitment shown before play: SHA-256 of the server seed's text. */
export async function commitServerSeed(serverSeed: string): Promise<string> {
  return sha256Hex(serverSeed);
}

/** True if a revealed server seed matches the commitment shown before play. */
export async function verifyServerSeed(serverSeed: string, serverSeedHash: string): Promise<boolean> {
  return isHex64(serverSeedHash) && (await commitServerSeed(serverSeed)) === serverSeedHash.toLowerCase();
}

/** Builds a pair from its parts (the commitment must be computed by the caller's crypto path). */
export function seedPair(serverSeed: string, serverSeedHash: string, clientSeed: string): SeedPair {
  if (!isHex64(serverSeed)) throw new Error('server seed must be 64 hex characters');
  assertClientSeed(clientSeed);
  return { serverSeed, serverSeedHash, clientSeed, nonce: 0 };
}

/** A fresh pair with a new server seed, the given client seed (or a default one) and nonce 0. */
export async function newSeedPair(clientSeed: string = generateClientSeed()): Promise<SeedPair> {
  const serverSeed = generateServerSeed();
  return seedPair(serverSeed, await commitServerSeed(serverSeed), clientSeed);
}

/**
 * Takes the next nonce for a bet: returns the bet's seeds and the pair to store. Store `next` in the
 * same database transaction as the bet, so a nonce is never used twice.
 */
export function takeNonce(pair: SeedPair): { bet: BetSeeds; next: SeedPair } {
  if (!Number.isSafeInteger(pair.nonce) || pair.nonce < 0)
    throw new Error('nonce must be a whole number ≥ 0');
  return {
    bet: { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce },
    next: { ...pair, nonce: pair.nonce + 1 },
  };
}

/** Retires `pair` in favour of `next`: what to publish about the old one, and the pair to store. */
export function rotate(pair: SeedPair, next: SeedPair): { revealed: RevealedSeeds; next: SeedPair } {
  return {
    revealed: {
      serverSeed: pair.serverSeed,
      serverSeedHash: pair.serverSeedHash,
      clientSeed: pair.clientSeed,
      betCount: pair.nonce,
    },
    next,
  };
}

/**
 * Rotation, also what changing the client seed does (as on Stake): the old server seed is revealed, a
 * new one committed, the nonce restarts at 0. Keeps the current client seed unless one is given.
 */
export async function rotateSeeds(
  pair: SeedPair,
  clientSeed: string = pair.clientSeed,
): Promise<{ revealed: RevealedSeeds; next: SeedPair }> {
  return rotate(pair, await newSeedPair(clientSeed));
}
