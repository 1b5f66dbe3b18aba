/**
 * The proof-of-work solver (ALTCHA v1 challenges): finds n in 0…maxnumber with
 * SHA-256(salt + n) = challenge. Loaded lazily, only when a sign-in needs it. It hashes in small
 * batches with crypto.subtle and yields between them, so the page keeps answering clicks and the
 * progress can be shown.
 */
export type PowChallenge = {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
};

const BATCH = 1_000;
const encoder = new TextEncoder();

const hex = (buffer: ArrayBuffer) => {
  const bytes = new Uint8Array(buffer);
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += (bytes[i] as number).toString(16).padStart(2, '0');
  return out;
};

/** Resolves with the `altcha` field to send (base64 of the solved payload), or null when none fits. */
export async function solvePow(
  challenge: PowChallenge,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('crypto.subtle is not available');
  for (let start = 0; start <= challenge.maxnumber; start += BATCH) {
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const end = Math.min(start + BATCH, challenge.maxnumber + 1);
    const digests = await Promise.all(
      Array.from({ length: end - start }, (_, i) =>
        subtle.digest('SHA-256', encoder.encode(`${challenge.salt}${start + i}`)),
      ),
    );
    const found = digests.findIndex((digest) => hex(digest) === challenge.challenge);
    if (found >= 0) {
      onProgress?.(1);
      const payload = {
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number: start + found,
        salt: challenge.salt,
        signature: challenge.signature,
      };
      return btoa(JSON.stringify(payload));
    }
    onProgress?.(end / (challenge.maxnumber + 1));
    // A macrotask between batches lets the page paint and handle input.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return null;
}
