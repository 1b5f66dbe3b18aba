/**
 * Crash, bustabit style: one hash chain for everybody, no per-player seeds.
 *
 * Chain. A secret random 32-byte value is the hash of the LAST game N. Each earlier game's hash is the
 * SHA-256 of the next game's hash (of its 32 raw bytes, as bustabit's current chain does; its earlier
 * chain hashed the hex text instead), and the terminating hash is the SHA-256 of game 1's hash. The
 * terminating hash is published before game 1, so the whole chain is fixed in advance; games are
 * played in the reverse of generation order (1, 2, …, N) and anybody can hash a revealed game hash
 * forward `gameNumber` times to reach the terminating hash.
 *
 * Crash point — exactly bustabit's verifier (github.com/bustabit/verifier, src/utils/math.ts,
 * `gameResult`), with the salt published at the seeding event (bustabit uses a Bitcoin block hash
 * mined after the terminating hash was published, so the house could not pick a convenient chain):
 *   1. hm = HMAC-SHA256(key = salt (its text, UTF-8), message = game hash (32 raw bytes))
 *   2. r  = the 52 most significant bits of hm (first 13 hex digits)
 *   3. X  = r / 2^52                       (uniform in [0, 1))
 *   4. X  = 99 / (1 − X)
 *   5. crash point = max(1, floor(X) / 100)
 * P(crash ≥ m) = 0.99 / m for every cash-out m ≥ 1.01: a 1% house edge at any cash-out (1.98% of
 * games end at 1.00×: the 1% where 99 / (1 − X) < 100 and the 0.98% below 1.01). This is the edge
 * rule of bustabit's current verifier; we do not use the older "instant bust when the HMAC is
 * divisible by 101" rule of bustabit v1 (github.com/bustabit/v1-gameserver, server/lib.js), which
 * also keyed the HMAC the other way round (key = game hash, message = salt).
 *
 * Multipliers are integer hundredths (235 = 2.35×) so that payouts stay in integers.
 */
import { fromHex, isHex64, toHex, utf8 } from './bytes';
import { hmacSha256, sha256 } from './web';

const TWO_POW_52 = 2 ** 52;

/** The first 52 bits of a digest, as an integer (exact: < 2^53). */
export function top52Bits(hm: Uint8Array): number {
  let r = 0;
  for (let i = 0; i < 6; i++) r = r * 256 + (hm[i] as number);
  return r * 16 + ((hm[6] as number) >> 4);
}

/**
 * Crash point, in hundredths, from HMAC-SHA256(salt, gameHash). Steps 2–5 above, computed in doubles
 * exactly as the verifier does (r / 2^52 and 1 − X are exact; 99 / (1 − X) is one correctly rounded
 * division), so that our numbers match any bustabit-style verifier bit for bit.
 */
export function crashPointFromHmac(hm: Uint8Array): number {
  const r = top52Bits(hm);
  const x = 99 / (1 - r / TWO_POW_52);
  return Math.max(100, Math.floor(x));
}

/** Crash point (hundredths) of a game from its hash (hex) and the published salt. */
export async function crashPoint(gameHash: string, salt: string): Promise<number> {
  if (!isHex64(gameHash)) throw new Error('game hash must be 64 hex characters');
  return crashPointFromHmac(await hmacSha256(utf8(salt), fromHex(gameHash)));
}

/** The hash of the game before (SHA-256 of this game's 32 raw bytes). */
export async function previousGameHash(gameHash: string): Promise<string> {
  return toHex(await sha256(fromHex(gameHash)));
}

export interface HashChain {
  /** Published before game 1: SHA-256 of game 1's hash. */
  terminatingHash: string;
  /** `hashes[k - 1]` is the hash of game k, k = 1 … length. */
  hashes: string[];
}

/** Generates a chain of `length` games whose last game's hash is `seed` (64 hex, secret). */
export async function generateChain(seed: string, length: number): Promise<HashChain> {
  if (!isHex64(seed)) throw new Error('chain seed must be 64 hex characters');
  const hashes = new Array<string>(length);
  let h = fromHex(seed);
  for (let k = length; k >= 1; k--) {
    hashes[k - 1] = toHex(h);
    h = await sha256(h);
  }
  return { terminatingHash: toHex(h), hashes };
}

/**
 * True if `gameHash` is game `gameNumber` of the chain that ends in `terminatingHash`: hashing it
 * `gameNumber` times must give the terminating hash (as bustabit's "verify terminating hash").
 */
export async function verifyChain(
  terminatingHash: string,
  gameHash: string,
  gameNumber: number,
): Promise<boolean> {
  if (!isHex64(gameHash) || !isHex64(terminatingHash) || !Number.isSafeInteger(gameNumber) || gameNumber < 1)
    return false;
  let h = fromHex(gameHash);
  for (let i = 0; i < gameNumber; i++) h = await sha256(h);
  return toHex(h) === terminatingHash.toLowerCase();
}

/** A cash-out at `cashout` hundredths wins if the game crashed at or above it. */
export function crashWins(crashPointHundredths: number, cashoutHundredths: number): boolean {
  return crashPointHundredths >= cashoutHundredths;
}

/** "2.35" from 235. */
export function formatHundredths(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}
